# The layering of model/, checked from the sources (cmake -P, no other tool):
#
#   cmake -DMODEL_DIR=<repo>/model -P check_model_layers.cmake
#
# 1. A file in model/<lib>/ includes headers only from its own library, from
#    a library below it, or from outside model/ (storage/, Qt). The order is
#    the one in model/CMakeLists.txt:
#
#        common  <  ingest, memory, review, projection, erasure  <  retrieval
#               <  evaluation  <  demo
#
#    ingest, memory, review, projection and erasure are peers: none includes another.
# 2. No include loop between model files: a class (Foo.h with Foo.cpp) never
#    reaches itself through the headers its files include.
#
# It fails naming the file, the header and the rule, so the fix is obvious.
# A new library gets a line in the rank table below and in model/CMakeLists.txt.

cmake_minimum_required(VERSION 3.21)

if(NOT MODEL_DIR OR NOT IS_DIRECTORY "${MODEL_DIR}")
    message(FATAL_ERROR "check_model_layers: MODEL_DIR=\"${MODEL_DIR}\" is not a folder")
endif()

# The rank of each library: a library may include only lower ranks.
set(rank_common 0)
set(rank_ingest 1)
set(rank_memory 1)
set(rank_review 1)
set(rank_projection 1)
set(rank_erasure 1)
set(rank_retrieval 2)
set(rank_evaluation 3)
set(rank_demo 4)

file(GLOB libraries LIST_DIRECTORIES true RELATIVE "${MODEL_DIR}" "${MODEL_DIR}/*")
set(files)
set(components)
foreach(lib IN LISTS libraries)
    if(NOT IS_DIRECTORY "${MODEL_DIR}/${lib}")
        continue()
    endif()
    if(NOT DEFINED rank_${lib})
        message(FATAL_ERROR "model/${lib}: a library without a place in the layer order; "
                            "give it a rank in ${CMAKE_CURRENT_LIST_FILE}")
    endif()
    file(GLOB sources RELATIVE "${MODEL_DIR}" "${MODEL_DIR}/${lib}/*.h" "${MODEL_DIR}/${lib}/*.cpp")
    foreach(source IN LISTS sources)
        list(APPEND files "${source}")
        get_filename_component(base "${source}" NAME_WE)
        # Which library holds a header, by its bare name (includes stay bare).
        if(source MATCHES "\\.h$")
            if(DEFINED owner_${base})
                message(FATAL_ERROR "model: ${base}.h is in both model/${owner_${base}} and "
                                    "model/${lib}; bare includes need unique header names")
            endif()
            set(owner_${base} "${lib}")
        endif()
        list(APPEND components "${lib}/${base}")
    endforeach()
endforeach()
list(REMOVE_DUPLICATES components)

set(violations)
foreach(source IN LISTS files)
    get_filename_component(lib "${source}" DIRECTORY)
    get_filename_component(base "${source}" NAME_WE)
    file(STRINGS "${MODEL_DIR}/${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
        get_filename_component(target "${header}" NAME_WE)
        if(NOT header MATCHES "\\.h$" OR NOT DEFINED owner_${target})
            continue() # storage/, Qt, or something generated: not a model header
        endif()
        set(to "${owner_${target}}")
        if(NOT to STREQUAL lib AND NOT rank_${to} LESS rank_${lib})
            string(CONCAT problem "model/${source} includes ${header} of model/${to}: "
                   "${lib} may include only libraries below it (common < ingest, memory, "
                   "review, projection < retrieval < evaluation < demo)")
            list(APPEND violations "${problem}")
        endif()
        set(edge "${to}/${target}")
        if(NOT edge STREQUAL "${lib}/${base}")
            list(APPEND edges_${lib}_${base} "${edge}")
            string(MAKE_C_IDENTIFIER "why ${lib} ${base} ${to} ${target}" why)
            list(APPEND ${why} "${source}")
        endif()
    endforeach()
endforeach()

# A loop: a component that reaches itself. The graph is small (one node per
# class), so a breadth-first walk from every node is quick enough.
foreach(start IN LISTS components)
    string(REPLACE "/" "_" key "${start}")
    set(seen)
    set(queue ${edges_${key}})
    list(REMOVE_DUPLICATES queue)
    while(queue)
        list(POP_FRONT queue node)
        if(node STREQUAL start)
            list(APPEND loops "${start}")
            break()
        endif()
        if(node IN_LIST seen)
            continue()
        endif()
        list(APPEND seen "${node}")
        string(REPLACE "/" "_" nkey "${node}")
        list(APPEND queue ${edges_${nkey}})
    endwhile()
endforeach()

# Name each loop by one path through it: from the first class back to itself.
set(reported)
foreach(start IN LISTS loops)
    if(start IN_LIST reported)
        continue()
    endif()
    # Shortest path start -> ... -> start, remembering predecessors.
    string(REPLACE "/" "_" key "${start}")
    set(seen)
    set(queue)
    foreach(next IN LISTS edges_${key})
        string(REPLACE "/" "_" nkey "${next}")
        if(NOT next IN_LIST seen)
            list(APPEND seen "${next}")
            list(APPEND queue "${next}")
            set(prev_${nkey} "${start}")
        endif()
    endforeach()
    set(found FALSE)
    while(queue AND NOT found)
        list(POP_FRONT queue node)
        string(REPLACE "/" "_" nkey "${node}")
        foreach(next IN LISTS edges_${nkey})
            if(next STREQUAL start)
                set(found TRUE)
                set(last "${node}")
                break()
            endif()
            if(NOT next IN_LIST seen)
                list(APPEND seen "${next}")
                list(APPEND queue "${next}")
                string(REPLACE "/" "_" xkey "${next}")
                set(prev_${xkey} "${node}")
            endif()
        endforeach()
    endwhile()
    set(path "${start}")
    set(node "${last}")
    while(NOT node STREQUAL start)
        list(PREPEND path "${node}")
        list(APPEND reported "${node}")
        string(REPLACE "/" "_" nkey "${node}")
        set(node "${prev_${nkey}}")
    endwhile()
    list(PREPEND path "${start}")
    list(APPEND reported "${start}")
    # Each step with the file that takes it: the include to remove.
    set(steps)
    set(from "")
    foreach(node IN LISTS path)
        if(from)
            string(REPLACE "/" " " pair "${from} ${node}")
            string(MAKE_C_IDENTIFIER "why ${pair}" why)
            list(GET ${why} 0 file)
            get_filename_component(header "${node}" NAME)
            list(APPEND steps "${file} includes ${header}.h")
        endif()
        set(from "${node}")
    endforeach()
    list(JOIN path " -> " text)
    list(JOIN steps ", " stepsText)
    set(text "${text} (${stepsText})")
    list(APPEND violations "include loop between model classes: ${text}")
    foreach(var IN LISTS seen)
        string(REPLACE "/" "_" nkey "${var}")
        unset(prev_${nkey})
    endforeach()
endforeach()

if(violations)
    list(LENGTH violations count)
    list(JOIN violations "\n  " text)
    message(FATAL_ERROR "model layering: ${count} problem(s):\n  ${text}")
endif()
list(LENGTH files count)
message(STATUS "model layering: ${count} files, no include across the layer order, no loops")
