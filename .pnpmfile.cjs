// The published package.json files: the `@evalpacks/source` export condition points at src/, which the
// tarballs do not ship (files: dist), so it is dropped when a package is packed.
const SOURCE_CONDITION = '@evalpacks/source';

function withoutSource(exports) {
  if (exports === null || typeof exports !== 'object') return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, value]) => [key, withoutSource(value)]),
  );
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports) pkg.exports = withoutSource(pkg.exports);
      return pkg;
    },
  },
};
