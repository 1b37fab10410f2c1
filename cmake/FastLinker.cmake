# The linker: mold where the compiler can use it, else lld, else the
# toolchain's default (GNU ld). Every test executable links the model
# statically, so the link steps add up (docs/building.md has the figures).
# -DCW_LINKER=default keeps the toolchain's own.
include(CheckLinkerFlag)

set(CW_LINKER auto CACHE STRING "Linker: auto (mold, then lld, then default), mold, lld or default")
set_property(CACHE CW_LINKER PROPERTY STRINGS auto mold lld default)

set(cw_linker_candidates)
if(CW_LINKER STREQUAL "auto")
    set(cw_linker_candidates mold lld)
elseif(NOT CW_LINKER STREQUAL "default")
    set(cw_linker_candidates ${CW_LINKER})
endif()
set(CW_LINKER_USED default)
foreach(candidate IN LISTS cw_linker_candidates)
    string(TOUPPER ${candidate} upper)
    check_linker_flag(CXX "-fuse-ld=${candidate}" CW_CAN_LINK_WITH_${upper})
    if(CW_CAN_LINK_WITH_${upper})
        add_link_options(-fuse-ld=${candidate})
        set(CW_LINKER_USED ${candidate})
        break()
    endif()
endforeach()
if(NOT CW_LINKER STREQUAL "auto" AND NOT CW_LINKER STREQUAL "default"
   AND NOT CW_LINKER_USED STREQUAL CW_LINKER)
    message(FATAL_ERROR "CW_LINKER=${CW_LINKER}, but the compiler cannot link with it "
                        "(install it, or choose auto)")
endif()
add_feature_info("Fast linker" "NOT CW_LINKER_USED STREQUAL default"
    "links with ${CW_LINKER_USED} (CW_LINKER=${CW_LINKER})")
