// Entry point `@platform-contracts/mock`. A mock made in a vitest worker reports to the running
// test (onViolation: 'fail', the coverage reporter): the vitest layer's bridge registers itself here.
import './vitest/bridge.ts';

export { runMockCli } from './cli/cli.ts';
export { usage } from './cli/cli-options.ts';
export type { VirtualClock } from './controls/namespace-handle.ts';
export {
  type JournalCounts,
  MockControlError,
  type MockNamespace,
  type NamespaceClockControl,
  type NamespaceSnapshot,
} from './controls/protocol.ts';
export type { DoorAnswer, DoorRequest, RequestLogEntry } from './doors/door.ts';
export type { MockFailure } from './doors/failure.ts';
export type { AccessOptions } from './doors/http/access.ts';
export type { ServedOperation } from './engine/answer.ts';
export {
  type AnyOperation,
  type AreaDefinition,
  type CallContext,
  defineArea,
  type Handler,
  type Handlers,
  type MockRequest,
  type MockResponse,
  type OperationsOf,
  UsageError,
  type Violation,
} from './engine/area.ts';
export type { ActiveFault, FaultRule, NetworkFault } from './engine/faults.ts';
export { DEFAULT_NAMESPACE, type StateSnapshot } from './engine/namespaces.ts';
export type { AreaSuiteSetup, SuiteRequest } from './engine/suite-setup.ts';
export { createMock, type Mock } from './mock/mock.ts';
export { type AreaInfo, type AreaOptions, IN_PROCESS_URL, type MockOptions, MockStartError } from './mock/options.ts';
export { HEALTH_PATH, type RunningMock, type StartMockOptions, startMock } from './mock/start-mock.ts';
export type { Assumption, ContractViolation } from './proxy/contract-locations.ts';
// From their own modules, not the proxy's entry point: importing the package loads no proxy.
export { type DriftReport, driftSummary } from './proxy/drift-report.ts';
export type { ExchangeListener, ProxiedExchange } from './proxy/exchange.ts';
export type { ProxyHandle, ProxyOptions } from './proxy/options.ts';
export { ProxyOptionError } from './proxy/targets.ts';
