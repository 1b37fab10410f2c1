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

    set(folder ${CMAKE_CURRENT_BINARY_DIR}/${target}_unity)
    set(batch 0)
    set(content "")
    set(in_batch 0)
    set(batch_files)
    foreach(source IN LISTS batchable)
        file(RELATIVE_PATH relative ${source_dir} ${source})
        string(APPEND content "#include \"${relative}\"\n")
        math(EXPR in_batch "${in_batch} + 1")
        if(in_batch EQUAL CW_UNITY_BATCH_SIZE)
            list(APPEND batch_files ${folder}/unity_${batch}.cpp)
            file(CONFIGURE OUTPUT ${folder}/unity_${batch}.cpp CONTENT "${content}" @ONLY)
            math(EXPR batch "${batch} + 1")
            set(content "")
            set(in_batch 0)
        endif()
    endforeach()
    if(in_batch GREATER 0)
        list(APPEND batch_files ${folder}/unity_${batch}.cpp)
        file(CONFIGURE OUTPUT ${folder}/unity_${batch}.cpp CONTENT "${content}" @ONLY)
    endif()

    # The sources stay in the target (IDEs, lupdate) but are compiled only
    # through their batch.
    set_source_files_properties(${batchable} TARGET_DIRECTORY ${target}
                                PROPERTIES HEADER_FILE_ONLY ON)
    target_sources(${target} PRIVATE ${batch_files})
    target_include_directories(${target} PRIVATE ${source_dir})
endfunction()
