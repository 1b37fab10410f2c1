# The version the packages carry, said in three places, agrees:
# CMakeLists.txt's project() (UPSTREAM, and VERSION = UPSTREAM-RELEASE),
# debian/changelog's top entry and the metainfo's newest release.
# Arguments: VERSION, UPSTREAM, SOURCE_DIR, APP_ID.
file(READ "${SOURCE_DIR}/debian/changelog" changelog)
string(REGEX REPLACE "\n.*" "" first "${changelog}")
if(NOT first MATCHES "^curation-workbench \\(([^)]+)\\) [a-z-]+; urgency=[a-z]+$")
    message(FATAL_ERROR "debian/changelog:1: not a Debian changelog header: '${first}'")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    message(FATAL_ERROR "debian/changelog:1: version ${CMAKE_MATCH_1}, but the packages are "
                        "${VERSION}: add a changelog entry (docs/packaging.md)")
endif()
file(READ "${SOURCE_DIR}/${APP_ID}.metainfo.xml" metainfo)
if(NOT metainfo MATCHES "<release version=\"([^\"]+)\"")
    message(FATAL_ERROR "${APP_ID}.metainfo.xml: no <release version=...>")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL UPSTREAM)
    message(FATAL_ERROR "${APP_ID}.metainfo.xml: newest release ${CMAKE_MATCH_1}, but the "
                        "project is ${UPSTREAM}: add a <release> entry")
endif()
message(STATUS "versions agree: ${VERSION}")
