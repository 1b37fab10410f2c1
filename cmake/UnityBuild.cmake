# Unity builds with sources that do not name their checkout (docs/building.md).
#
# CMake's own UNITY_BUILD writes `#include "/abs/path/File.cpp"` into its
# batch files: every clone at another path compiles different text, and
# ccache, which makes a clone's library objects cheap (CCACHE_BASEDIR), can
# serve none of them. Here each batch file includes its sources by their path
# relative to the target's source folder, which is on the target's include
# path, so a batch's text is the same in every checkout.
#
# Measured on a cold ci build (docs/building.md): the libraries compile in
# about a third of the time, because each batch parses the Qt headers once
# for eight files instead of eight times.

option(CW_UNITY_BUILD "Compile each library's sources in batches (unity build)" ON)
set(CW_UNITY_BATCH_SIZE 8 CACHE STRING "How many sources one unity batch holds")

# cw_unity_build(TARGET): batches TARGET's .cpp sources. A source with
# compile definitions of its own (a source property) stays on its own, so
# that they do not leak into the other files of a batch; so does a generated
# one (resources), which lies outside the source folder.
function(cw_unity_build target)
    if(NOT CW_UNITY_BUILD)
        return()
    endif()
    get_target_property(source_dir ${target} SOURCE_DIR)
    get_target_property(sources ${target} SOURCES)
    set(batchable)
    foreach(source IN LISTS sources)
        if(NOT source MATCHES "\\.cpp$")
            continue()
        endif()
        cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${source_dir})
        cmake_path(IS_PREFIX source_dir ${source} NORMALIZE inside)
        get_source_file_property(own_definitions ${source} COMPILE_DEFINITIONS)
        if(NOT inside OR own_definitions)
            continue() # generated (resources) or with definitions of its own
        endif()
        list(APPEND batchable ${source})
    endforeach()
    list(SORT batchable)
    list(LENGTH batchable count)
    if(count LESS 2)
        return()
    endif()

    # Batch n holds sources n*size .. n*size+size-1, in sorted order.
    set(folder ${CMAKE_CURRENT_BINARY_DIR}/${target}_unity)
    set(batch_files)
    set(index 0)
    foreach(source IN LISTS batchable)
        math(EXPR batch "${index} / ${CW_UNITY_BATCH_SIZE}")
        math(EXPR first "${index} % ${CW_UNITY_BATCH_SIZE}")
        if(first EQUAL 0)
            set(text_${batch} "")
        endif()
        file(RELATIVE_PATH relative ${source_dir} ${source})
        string(APPEND text_${batch} "#include \"${relative}\"\n")
        list(APPEND batch_files ${folder}/unity_${batch}.cpp)
        math(EXPR index "${index} + 1")
    endforeach()
    list(REMOVE_DUPLICATES batch_files)
    foreach(file IN LISTS batch_files)
        string(REGEX REPLACE ".*unity_([0-9]+)\\.cpp$" "\\1" batch ${file})
        # Written only when its text changes: an unchanged batch is not rebuilt.
        file(CONFIGURE OUTPUT ${file} CONTENT "${text_${batch}}" @ONLY)
    endforeach()

    # The sources stay in the target (IDEs, lupdate) but are compiled only
    # through their batch.
    set_source_files_properties(${batchable} TARGET_DIRECTORY ${target}
                                PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE ${batch_files})
    target_include_directories(${target} PRIVATE ${source_dir})
endfunction()
