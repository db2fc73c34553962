export type { MockNamespace, VirtualClock } from './controls/namespace-handle.ts';
export type { MockFailure } from './doors/failure.ts';
export { createMock, type Mock } from './mock/mock.ts';
export { IN_PROCESS_URL, MockStartError, type AreaInfo, type AreaOptions, type MockOptions } from './mock/options.ts';
export type { DoorAnswer, DoorRequest, RequestLogEntry } from './doors/door.ts';
export { startMock, HEALTH_PATH, type RunningMock, type StartMockOptions } from './mock/http-server.ts';
export type { AccessOptions } from './doors/access.ts';
export { runMockCli } from './cli/cli.ts';
export { usage } from './cli/cli-options.ts';
export {
  defineArea,
  UsageError,
  type AnyOperation,
  type AreaDefinition,
  type CallContext,
  type Handler,
  type Handlers,
  type MockRequest,
  type MockResponse,
  type OperationsOf,
  type Violation,
} from './engine/area.ts';
export { DEFAULT_NAMESPACE, type StateSnapshot } from './engine/namespaces.ts';
export type { ActiveFault, FaultRule, NetworkFault } from './engine/faults.ts';
export type { ServedOperation } from './engine/answer.ts';
export {
  driftSummary,
  ProxyOptionError,
  type DriftReport,
  type ExchangeListener,
  type ProxiedExchange,
} from './proxy/index.ts';
export type { ProxyHandle, ProxyOptions } from './proxy/options.ts';
export type { ContractViolation, Assumption } from './proxy/contract-locations.ts';
