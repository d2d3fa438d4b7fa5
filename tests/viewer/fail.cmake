# A test that fails with MESSAGE: used where a tool the viewer test needs is missing.
message(FATAL_ERROR "${MESSAGE}")
