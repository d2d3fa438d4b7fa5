# Installs the test's npm packages (playwright-core) into DEST with `npm ci`, from
# SRC's package.json and package-lock.json. Skipped when DEST already holds the
# packages of the same lock file, so that reruns work offline.
#   cmake -DNPM=npm -DSRC=tests/viewer -DDEST=build/.../node -P npm_ci.cmake
foreach(var NPM SRC DEST)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "npm_ci.cmake: -D${var}= is missing")
  endif()
endforeach()

file(MAKE_DIRECTORY "${DEST}")
file(READ "${SRC}/package-lock.json" lock)
set(stamp "${DEST}/node_modules/.installed-lock.json")
if(EXISTS "${stamp}" AND EXISTS "${DEST}/node_modules/playwright-core/package.json")
  file(READ "${stamp}" installed)
  if(installed STREQUAL lock)
    message(STATUS "node packages up to date in ${DEST}")
    return()
  endif()
endif()

configure_file("${SRC}/package.json" "${DEST}/package.json" COPYONLY)
configure_file("${SRC}/package-lock.json" "${DEST}/package-lock.json" COPYONLY)
execute_process(COMMAND "${NPM}" ci --no-audit --no-fund
  WORKING_DIRECTORY "${DEST}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "npm ci failed (${rc}) in ${DEST}: the viewer test needs playwright-core from the npm registry")
endif()
file(WRITE "${stamp}" "${lock}")
