import { definePack } from '@evalpacks/core';
import shipped from '@evalpacks/support-tickets';

// The shipped pack's code over a frozen copy of its data, so the harness's tests do not move when the pack
// gains or fixes cases. Its `tools` come from its environment, so only the environment is handed on.
const { tools: _fromEnvironment, ...pack } = shipped;
export default definePack({ ...pack, root: new URL('..', import.meta.url) });
