/**
 * Generated from openapi/containers/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/containers.ts) and run `pnpm bundle && pnpm generate`.
 */

import { exactJson } from '../../internal/exact-int64.js';

/** Where the Containers API's answers hold int64 fields, each read as a bigint by a client made with `int64: 'bigint'`. */
export default exactJson({"schemas":{"ContainerCdnEndpointRequest":{"pullZoneId":1,"portMappings":{"[]":"ContainerPortMapping"}},"ContainerEndpoint":{"portMappings":{"[]":"ContainerPortMapping"}},"ContainerEndpointRequest":{"cdn":"ContainerCdnEndpointRequest"},"ContainerGrpcCheck":{"request":{"portNumber":1}},"ContainerHttpGetCheck":{"request":{"portNumber":1}},"ContainerPortMapping":{"containerPort":1,"exposedPort":1},"ContainerProbe":{"initialDelaySeconds":1,"periodSeconds":1,"timeoutSeconds":1,"failureThreshold":1,"successThreshold":1,"httpGet":"ContainerHttpGetCheck","tcpSocket":"ContainerTcpSocketCheck","grpc":"ContainerGrpcCheck"},"ContainerProbes":{"startup":"ContainerProbe","readiness":"ContainerProbe","liveness":"ContainerProbe"},"ContainerProblem":{"status":1},"ContainerProblemDetails":{"status":1},"ContainerTcpSocketCheck":{"request":{"portNumber":1}},"ContainerTemplate":{"probes":"ContainerProbes","endpoints":{"[]":"ContainerEndpoint"}},"ContainerTemplateRequest":{"probes":"ContainerProbes","endpoints":{"[]":"ContainerEndpointRequest"}}},"answers":{"POST /mc/apps/{appId}/containers":{"200":"ContainerTemplate"}}});
