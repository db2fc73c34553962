export { startMock, MockStartError, HEALTH_PATH, type AreaInfo, type AreaOptions, type MockOptions, type RunningMock, type RequestLogEntry } from './server.ts';
export { runMockCli, usage } from './cli.ts';
export { defineArea, UsageError, type AreaDefinition, type CallContext, type MockRequest, type MockResponse, type Violation } from './area.ts';
export { DEFAULT_NAMESPACE, type StateSnapshot } from './namespaces.ts';
export type { ActiveFault, FaultRule } from './faults.ts';
export type { ServedOperation } from './engine.ts';
