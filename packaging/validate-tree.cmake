# Installs the project into a scratch prefix and runs appstreamcli validate-tree
# on it. Arguments: BINARY_DIR, STAGE, APPSTREAMCLI.
file(REMOVE_RECURSE "${STAGE}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BINARY_DIR}" --prefix "${STAGE}/usr"
                OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install into ${STAGE} failed: ${rc}")
endif()
execute_process(COMMAND "${APPSTREAMCLI}" validate-tree --no-net "${STAGE}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "appstreamcli validate-tree failed: ${rc}")
endif()
