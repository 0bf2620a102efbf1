// Bundled into the program (dist/lib/cli.cjs) by scripts/lazyChunks.mjs: loads a lazy chunk (a heavy library
// built into its own file, see LAZY_CHUNKS there) the first time the code that needs it runs. Beside the
// program it is dist/lib/<name>; inside the single executable it is an embedded asset, compiled on first use.
'use strict';
const { join } = require('node:path');

const loaded = new Map();

function seaApi() {
  try {
    const sea = require('node:sea');
    return sea.isSea() ? sea : undefined;
  } catch {
    // Node without node:sea (older 20.x) cannot be a single executable either.
    return undefined;
  }
}

function compileAsset(sea, name) {
  const Module = require('node:module');
  const filename = join(__dirname, name);
  const chunk = new Module(filename, module);
  chunk.filename = filename;
  chunk.paths = [];
  // The chunk requires only Node's built-in modules, which any Module's require can load.
  chunk._compile(sea.getAsset(name, 'utf8'), filename);
  return chunk.exports;
}

exports.loadChunk = function loadChunk(name) {
  let exports = loaded.get(name);
  if (exports === undefined) {
    const sea = seaApi();
    exports = sea ? compileAsset(sea, name) : require(join(__dirname, name));
    loaded.set(name, exports);
  }
  return exports;
};
