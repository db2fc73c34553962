export { startMock, MockStartError, HEALTH_PATH, type MockOptions, type RunningMock, type RequestLogEntry } from './server.ts';
export { defineArea, type AreaDefinition, type MockRequest, type MockResponse, type Violation } from './area.ts';
