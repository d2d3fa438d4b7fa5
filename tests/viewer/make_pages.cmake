# Runs tools/replay-view the way people do: on each replay (page written next to
# it), and on a directory holding them all (WORK/all -> WORK/all.html).
#   cmake -DPYTHON=python3 -DTOOL=tools/replay-view -DWORK=dir -P make_pages.cmake
foreach(var PYTHON TOOL WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "make_pages.cmake: -D${var}= is missing")
  endif()
endforeach()

function(replay_view)
  execute_process(COMMAND "${PYTHON}" "${TOOL}" ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("replay-view ${ARGN}: ${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tools/replay-view ${ARGN} exited with ${rc}")
  endif()
endfunction()

file(GLOB replays "${WORK}/replays/*/*.json")
if(NOT replays)
  message(FATAL_ERROR "no replays under ${WORK}/replays: the referee fixtures did not run")
endif()
file(REMOVE_RECURSE "${WORK}/all")
file(MAKE_DIRECTORY "${WORK}/all")
foreach(replay IN LISTS replays)
  string(REGEX REPLACE "\\.json$" ".html" page "${replay}")
  file(REMOVE "${page}")
  replay_view("${replay}")
  if(NOT EXISTS "${page}")
    message(FATAL_ERROR "tools/replay-view did not write ${page}")
  endif()
  # Copies keep the mtime order of the referee runs (newest first on the page).
  file(COPY "${replay}" DESTINATION "${WORK}/all")
endforeach()
file(REMOVE "${WORK}/all.html")
replay_view("${WORK}/all")
if(NOT EXISTS "${WORK}/all.html")
  message(FATAL_ERROR "tools/replay-view did not write ${WORK}/all.html")
endif()
