/// <reference types="vite/client" />
import { backendContract } from './backend-contract.ts';
import type { BackendFixture } from './fixture.ts';
import { simulatedUserContract } from './simulated-user-contract.ts';

// Every backend's fixture runs the one contract: adding a backend is adding its file in fixtures/.
const fixtures = import.meta.glob<{ fixture: BackendFixture }>('./fixtures/*.ts', { eager: true });
for (const { fixture } of Object.values(fixtures)) {
  backendContract(fixture);
  simulatedUserContract(fixture);
}
