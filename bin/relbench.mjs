#!/usr/bin/env node
// Kept for scripts that call bin/relbench.mjs: runs bin/relbench.cjs, the command line itself (package.json
// "bin"), which starts a few milliseconds sooner as it needs no ES module loader.
import "./relbench.cjs";
