# Plays one game with the real referee into an empty OUT directory and checks that
# exactly one replay, named as docs/replay-format.md says, came out.
#   cmake -DREFEREE=... -DVARIANT=2p -DSEED=7 -DBOTS=a|b -DOUT=dir -P make_replay.cmake
foreach(var REFEREE VARIANT SEED BOTS OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "make_replay.cmake: -D${var}= is missing")
  endif()
endforeach()

file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
string(REPLACE "|" ";" bots "${BOTS}")
set(bot_args)
foreach(bot IN LISTS bots)
  list(APPEND bot_args --bot "${bot}")
endforeach()

execute_process(
  COMMAND "${REFEREE}" --variant ${VARIANT} --games 1 --seed ${SEED} --jobs 1 ${bot_args} --replay-dir "${OUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "referee exited with ${rc}")
endif()

file(GLOB replays RELATIVE "${OUT}" "${OUT}/*.json")
list(LENGTH replays count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one replay in ${OUT}, found ${count}: ${replays}")
endif()
if(NOT replays MATCHES "^game-[0-9][0-9][0-9][0-9][0-9]-${VARIANT}-seed[0-9]+\\.json$")
  message(FATAL_ERROR "replay name ${replays} is not game-<5 digits>-${VARIANT}-seed<seed>.json (docs/replay-format.md)")
endif()
message(STATUS "wrote ${OUT}/${replays}")
