# The storage wall, kept by the compiler (docs/storage.md): a front end
# (ui/, app/) sees Database, Result and the value records, never a store,
# statement, transaction or the schema (storage/internal/). Each test below
# builds one probe (WallProbe.cpp) with what a front end links:
#   storage/wall/<front>_includes_public_headers   must build;
#   storage/wall/<front>_cannot_include_<Header>   must fail, and fail because
#                                                  the header is not found.
# The probes are EXCLUDE_FROM_ALL: only these tests build them. They share
# the build folder with whoever runs ctest, hence one at a time.
set(cw_wall_probe ${CMAKE_CURRENT_SOURCE_DIR}/storage/wall/WallProbe.cpp)
set(cw_wall_fronts gui cli)
set(cw_wall_gui_libs cw_ui)
set(cw_wall_cli_libs cw_model cw_demo)
file(GLOB cw_wall_private CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/storage/internal/*.h)

function(cw_wall_test name target)
    add_test(NAME storage/wall/${name}
             COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target ${target})
    set_tests_properties(storage/wall/${name} PROPERTIES RESOURCE_LOCK cw_build_folder
                                                         TIMEOUT 300 ${ARGN})
endfunction()

foreach(front IN LISTS cw_wall_fronts)
    set(target wall_${front}_public)
    add_executable(${target} EXCLUDE_FROM_ALL ${cw_wall_probe})
    set_target_properties(${target} PROPERTIES AUTOMOC OFF)
    target_link_libraries(${target} PRIVATE ${cw_wall_${front}_libs} cw_warnings)
    cw_wall_test(${front}_includes_public_headers ${target})

    foreach(header IN LISTS cw_wall_private)
        get_filename_component(header ${header} NAME)
        get_filename_component(stem ${header} NAME_WE)
        set(target wall_${front}_${stem})
        add_executable(${target} EXCLUDE_FROM_ALL ${cw_wall_probe})
        set_target_properties(${target} PROPERTIES AUTOMOC OFF)
        target_link_libraries(${target} PRIVATE ${cw_wall_${front}_libs} cw_warnings)
        target_compile_definitions(${target} PRIVATE CW_WALL_PRIVATE="${header}")
        # GCC: "Foo.h: No such file or directory"; clang: "'Foo.h' file not found".
        string(REPLACE "." "\\." pattern ${header})
        cw_wall_test(${front}_cannot_include_${stem} ${target}
                     PASS_REGULAR_EXPRESSION "${pattern}'?:? (No such file or directory|file not found)")
    endforeach()
endforeach()
