/**
 * Generated from openapi/containers/ by `pnpm generate` (openapi-typescript). Do not edit:
 * change the contract and run `pnpm bundle && pnpm generate` instead.
 */

export interface paths<Int64 extends number | bigint = number> {
    "/mc/apps/{appId}/containers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the application the container template is added to. */
                appId: components<Int64>["parameters"]["ContainersAppId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a container template
         * @description Adds a container template to the application. The body is JSON, sent as
         *     `application/json`, `text/json` or any `application/*+json` type. The answer is the
         *     container template model, with generated IDs and a public host for each CDN endpoint.
         */
        post: operations<Int64>["addContainerTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components<Int64 extends number | bigint = number> {
    schemas: {
        /**
         * ContainerImagePullPolicy
         * @description When the platform pulls the container image.
         *
         *     | Value | Name | Meaning |
         *     |---|---|---|
         *     | `always` | Always | pull the image every time a container starts |
         *     | `ifNotPresent` | IfNotPresent | pull the image only when it is not already present |
         * @enum {string}
         */
        ContainerImagePullPolicy: "always" | "ifNotPresent";
        /**
         * ContainerEntryPoint
         * @description What the container runs when it starts. The command and its arguments are given either as
         *     one string or as an array of strings.
         */
        ContainerEntryPoint: {
            /** @description The command, as one string. */
            command?: string;
            /** @description The command, one array item per word. */
            commandArray?: string[];
            /** @description The command's arguments, as one string. */
            arguments?: string;
            /** @description The command's arguments, one array item per argument. */
            argumentsArray?: string[];
            /** @description Directory the command runs in. */
            workingDirectory?: string;
        };
        /**
         * ContainerHttpGetCheck
         * @description Checks the container with an HTTP GET request.
         */
        ContainerHttpGetCheck: {
            /** @description The request sent to the container. */
            request?: {
                /** @description Path requested, for example `/healthz`. */
                path?: string;
                /**
                 * Format: int64
                 * @description Container port the request is sent to.
                 */
                portNumber?: Int64;
            };
            /** @description The answer that counts as healthy. */
            response?: {
                /** @description A string naming the expected HTTP status, for example `200`. Its exact format is not shown by the specification. */
                expectedStatusCode?: string;
            };
        };
        /**
         * ContainerHttpGetProbe
         * @description A health check by an HTTP GET request (`httpGet`), with its timings.
         */
        ContainerHttpGetProbe: {
            /**
             * Format: int64
             * @description Seconds to wait after the container starts before the first check.
             */
            initialDelaySeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds between two checks.
             */
            periodSeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds after which one check counts as failed.
             */
            timeoutSeconds?: Int64;
            /**
             * Format: int64
             * @description Consecutive failed checks after which the probe fails.
             */
            failureThreshold?: Int64;
            /**
             * Format: int64
             * @description Consecutive successful checks after which the probe succeeds.
             */
            successThreshold?: Int64;
            httpGet: components<Int64>["schemas"]["ContainerHttpGetCheck"];
        };
        /**
         * ContainerTcpSocketCheck
         * @description Checks the container by opening a TCP connection.
         */
        ContainerTcpSocketCheck: {
            /** @description The connection opened to the container. */
            request?: {
                /**
                 * Format: int64
                 * @description Container port connected to.
                 */
                portNumber?: Int64;
            };
        };
        /**
         * ContainerTcpSocketProbe
         * @description A health check by a TCP connection (`tcpSocket`), with its timings.
         */
        ContainerTcpSocketProbe: {
            /**
             * Format: int64
             * @description Seconds to wait after the container starts before the first check.
             */
            initialDelaySeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds between two checks.
             */
            periodSeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds after which one check counts as failed.
             */
            timeoutSeconds?: Int64;
            /**
             * Format: int64
             * @description Consecutive failed checks after which the probe fails.
             */
            failureThreshold?: Int64;
            /**
             * Format: int64
             * @description Consecutive successful checks after which the probe succeeds.
             */
            successThreshold?: Int64;
            tcpSocket: components<Int64>["schemas"]["ContainerTcpSocketCheck"];
        };
        /**
         * ContainerGrpcCheck
         * @description Checks the container with a gRPC health check.
         */
        ContainerGrpcCheck: {
            /** @description The gRPC call made to the container. */
            request?: {
                /**
                 * Format: int64
                 * @description Container port called.
                 */
                portNumber?: Int64;
                /** @description Name of the gRPC service checked. */
                serviceName?: string;
            };
        };
        /**
         * ContainerGrpcProbe
         * @description A health check by a gRPC health check (`grpc`), with its timings.
         */
        ContainerGrpcProbe: {
            /**
             * Format: int64
             * @description Seconds to wait after the container starts before the first check.
             */
            initialDelaySeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds between two checks.
             */
            periodSeconds?: Int64;
            /**
             * Format: int64
             * @description Seconds after which one check counts as failed.
             */
            timeoutSeconds?: Int64;
            /**
             * Format: int64
             * @description Consecutive failed checks after which the probe fails.
             */
            failureThreshold?: Int64;
            /**
             * Format: int64
             * @description Consecutive successful checks after which the probe succeeds.
             */
            successThreshold?: Int64;
            grpc: components<Int64>["schemas"]["ContainerGrpcCheck"];
        };
        /**
         * ContainerProbe
         * @description One health check: its timings and exactly one check, `httpGet`, `tcpSocket` or `grpc`. Each
         *     kind is a complete schema of its own (the timings written in each), so that a reader of one
         *     branch sees every field it may hold.
         */
        ContainerProbe: components<Int64>["schemas"]["ContainerHttpGetProbe"] | components<Int64>["schemas"]["ContainerTcpSocketProbe"] | components<Int64>["schemas"]["ContainerGrpcProbe"];
        /**
         * ContainerProbes
         * @description Health checks of the container, one per kind.
         */
        ContainerProbes: {
            startup?: components<Int64>["schemas"]["ContainerProbe"];
            readiness?: components<Int64>["schemas"]["ContainerProbe"];
            liveness?: components<Int64>["schemas"]["ContainerProbe"];
        };
        /**
         * ContainerEnvironmentVariable
         * @description An environment variable set in the container.
         */
        ContainerEnvironmentVariable: {
            /** @description Name of the variable. */
            name?: string;
            /** @description Value of the variable. */
            value?: string;
        };
        /**
         * ContainerPortMapping
         * @description A container port exposed through an endpoint.
         */
        ContainerPortMapping: {
            /**
             * Format: int64
             * @description Port the container listens on.
             */
            containerPort?: Int64;
            /**
             * Format: int64
             * @description Port exposed to clients.
             */
            exposedPort?: Int64;
            /**
             * @description Protocols served on the port. The specification shows the value `tcp` and does not
             *     give the full set, so any string is accepted.
             */
            protocols?: string[];
        };
        /**
         * ContainerCdnEndpointRequest
         * @description Makes the endpoint a CDN endpoint, served through a pull zone.
         */
        ContainerCdnEndpointRequest: {
            /** @description Whether the endpoint is served over TLS. */
            isSslEnabled?: boolean;
            /**
             * Format: int64
             * @description ID of the pull zone that serves the endpoint.
             */
            pullZoneId?: Int64;
            /** @description Container ports exposed through the endpoint. */
            portMappings?: components<Int64>["schemas"]["ContainerPortMapping"][];
        };
        /**
         * ContainerEndpointRequest
         * @description An endpoint to create for the container template, in its request form.
         */
        ContainerEndpointRequest: {
            /** @description Name of the endpoint shown in the dashboard. */
            displayName?: string;
            cdn?: components<Int64>["schemas"]["ContainerCdnEndpointRequest"];
        };
        /**
         * ContainerVolumeMount
         * @description A volume mounted into the container.
         */
        ContainerVolumeMount: {
            /** @description Name of the volume. */
            name?: string;
            /** @description Path inside the container where the volume is mounted. */
            mountPath?: string;
        };
        /**
         * ContainerTemplateRequest
         * @description The container template to add. Unknown properties are rejected.
         *
         *     The specification requires only `name`; `imageName`, `imageNamespace`, `imageTag` and
         *     `imageRegistryId` are required as the live service requires them (each marked `x-assumed`).
         */
        ContainerTemplateRequest: {
            /** @description Name of the container template, 1 to 50 characters. */
            name: string;
            /**
             * @description Name of the image, for example `nginx`: letters and digits, in groups joined by one or
             *     two of `.`, `/`, `_` and `-` (so no spaces and no separator at either end).
             */
            imageName: string;
            /** @description Namespace of the image in its registry, for example `library`; same rule as `imageName`. */
            imageNamespace: string;
            /**
             * @description Tag of the image, for example `1.27.2-alpine`: letters and digits, in groups joined by
             *     one or two of `.`, `_` and `-` (no `/`).
             */
            imageTag: string;
            /** @description ID of the image registry the image is pulled from. */
            imageRegistryId: string;
            /** @description The full image reference. */
            image?: string;
            /** @description Digest of the image, `sha256:` followed by 64 characters from a-z and 0-9. */
            imageDigest?: string;
            imagePullPolicy?: components<Int64>["schemas"]["ContainerImagePullPolicy"];
            entryPoint?: components<Int64>["schemas"]["ContainerEntryPoint"];
            probes?: components<Int64>["schemas"]["ContainerProbes"];
            /** @description Environment variables set in the container. */
            environmentVariables?: components<Int64>["schemas"]["ContainerEnvironmentVariable"][];
            /** @description Endpoints to create for the container. */
            endpoints?: components<Int64>["schemas"]["ContainerEndpointRequest"][];
            /** @description Volumes mounted into the container. */
            volumeMounts?: components<Int64>["schemas"]["ContainerVolumeMount"][];
        };
        /**
         * ContainerStickySessions
         * @description Whether and how a client's requests keep reaching the same container instance.
         */
        ContainerStickySessions: {
            /** @description Whether sticky sessions are on. */
            enabled?: boolean;
            /** @description Request headers that identify a session. */
            sessionHeaders?: string[];
            /** @description Name of the cookie that identifies a session. */
            cookieName?: string;
        };
        /**
         * ContainerIpAddress
         * @description An IP address of an endpoint in one region.
         */
        ContainerIpAddress: {
            /** @description The IP address. */
            address?: string;
            /** @description Region the address is served in. */
            region?: string;
        };
        /**
         * ContainerEndpoint
         * @description An endpoint of a container template, in its response form.
         */
        ContainerEndpoint: {
            /** @description ID of the endpoint. */
            id: string;
            /** @description Name of the endpoint shown in the dashboard. */
            displayName?: string;
            /** @description Host name clients reach the endpoint at. */
            publicHost?: string;
            /**
             * @description Kind of endpoint. The specification shows the value `cdn` and does not give the full set.
             * @example cdn
             */
            type?: string;
            /** @description Whether the endpoint is served over TLS. */
            isSslEnabled?: boolean;
            /** @description ID of the pull zone that serves the endpoint (a string here, an integer in the request). */
            pullZoneId?: string;
            /** @description Container ports exposed through the endpoint. */
            portMappings?: components<Int64>["schemas"]["ContainerPortMapping"][];
            stickySessions?: components<Int64>["schemas"]["ContainerStickySessions"];
            /** @description Addresses of the endpoint inside the platform's network. */
            internalIpAddresses?: components<Int64>["schemas"]["ContainerIpAddress"][];
            /** @description Public addresses of the endpoint. */
            publicIpAddresses?: components<Int64>["schemas"]["ContainerIpAddress"][];
        };
        /**
         * ContainerTemplate
         * @description A container template of an application (the container template model). The specification
         *     marks only `name` as always present.
         */
        ContainerTemplate: {
            /** @description ID of the container template. */
            id: string;
            /** @description Name of the container template. */
            name: string;
            /** @description ID of the package the template belongs to. */
            packageId?: string;
            /** @description The full image reference. */
            image?: string;
            /** @description Name of the image. */
            imageName?: string;
            /** @description Namespace of the image in its registry. */
            imageNamespace?: string;
            /** @description Tag of the image. */
            imageTag?: string;
            /** @description ID of the image registry. */
            imageRegistryId?: string;
            /** @description Digest of the image. */
            imageDigest?: string;
            imagePullPolicy?: components<Int64>["schemas"]["ContainerImagePullPolicy"];
            entryPoint?: components<Int64>["schemas"]["ContainerEntryPoint"];
            probes?: components<Int64>["schemas"]["ContainerProbes"];
            /** @description Environment variables set in the container. */
            environmentVariables?: components<Int64>["schemas"]["ContainerEnvironmentVariable"][];
            /** @description Volumes mounted into the container. */
            volumeMounts?: components<Int64>["schemas"]["ContainerVolumeMount"][];
            /** @description Endpoints of the container. */
            endpoints?: components<Int64>["schemas"]["ContainerEndpoint"][];
        };
        /**
         * ContainerFieldError
         * @description One invalid field of a request.
         */
        ContainerFieldError: {
            /**
             * @description The invalid field, as a JSON Pointer (RFC 6901) into the request body: `/name`,
             *     `/probes/startup/periodSeconds`, `/endpoints/0/cdn/pullZoneId`. The empty string
             *     stands for the body as a whole (for example a body that is not JSON or is sent with
             *     an unsupported content type). The specification does not give the format; the
             *     pointer is this contract's choice.
             */
            field?: string;
            /** @description What is wrong with the field. */
            message?: string;
        };
        /**
         * ContainerProblemDetails
         * @description A problem object of the containers API, with the fields that failed validation in `errors`.
         *     The specification shows four error bodies of this shape; which status codes they accompany
         *     is not shown.
         */
        ContainerProblemDetails: {
            /** @description Short summary of the problem. */
            title?: string;
            /**
             * Format: int64
             * @description HTTP status code of the answer.
             */
            status?: Int64;
            /** @description Explanation of this occurrence of the problem. */
            detail?: string;
            /** @description Reference to this occurrence of the problem. */
            instance?: string;
            /** @description One entry per invalid field of the request. */
            errors?: components<Int64>["schemas"]["ContainerFieldError"][];
            /** @description ID of the error occurrence. */
            id?: string;
        };
        /**
         * ContainerProblem
         * @description The plain problem object of the containers API, without field errors. The specification
         *     shows one error body of this shape; which status code it accompanies is not shown.
         */
        ContainerProblem: {
            /** @description URI reference identifying the kind of problem. */
            type?: string;
            /** @description Short summary of the problem. */
            title?: string;
            /**
             * Format: int64
             * @description HTTP status code of the answer.
             */
            status?: Int64;
            /** @description Explanation of this occurrence of the problem. */
            detail?: string;
            /** @description Reference to this occurrence of the problem. */
            instance?: string;
        };
    };
    responses: {
        /**
         * @description The request was invalid. `errors` lists each invalid field of the body, its `field` a JSON
         *     Pointer into the body (see ContainerFieldError).
         */
        ContainersBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ContainerProblemDetails"];
            };
        };
        /** @description Authentication failed (missing or wrong `AccessKey`). */
        ContainersUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ContainerProblem"];
            };
        };
        /** @description The API key may not do this, for example because the account is suspended. */
        ContainersForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ContainerProblemDetails"];
            };
        };
        /** @description No application with this ID. */
        ContainerAppNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ContainerProblemDetails"];
            };
        };
        /** @description Internal server error. */
        ContainersInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components<Int64>["schemas"]["ContainerProblemDetails"];
            };
        };
    };
    parameters: {
        /** @description ID of the application the container template is added to. */
        ContainersAppId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type ContainerImagePullPolicy<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerImagePullPolicy'];
export type ContainerEntryPoint<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerEntryPoint'];
export type ContainerHttpGetCheck<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerHttpGetCheck'];
export type ContainerHttpGetProbe<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerHttpGetProbe'];
export type ContainerTcpSocketCheck<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerTcpSocketCheck'];
export type ContainerTcpSocketProbe<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerTcpSocketProbe'];
export type ContainerGrpcCheck<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerGrpcCheck'];
export type ContainerGrpcProbe<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerGrpcProbe'];
export type ContainerProbe<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerProbe'];
export type ContainerProbes<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerProbes'];
export type ContainerEnvironmentVariable<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerEnvironmentVariable'];
export type ContainerPortMapping<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerPortMapping'];
export type ContainerCdnEndpointRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerCdnEndpointRequest'];
export type ContainerEndpointRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerEndpointRequest'];
export type ContainerVolumeMount<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerVolumeMount'];
export type ContainerTemplateRequest<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerTemplateRequest'];
export type ContainerStickySessions<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerStickySessions'];
export type ContainerIpAddress<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerIpAddress'];
export type ContainerEndpoint<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerEndpoint'];
export type ContainerTemplate<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerTemplate'];
export type ContainerFieldError<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerFieldError'];
export type ContainerProblemDetails<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerProblemDetails'];
export type ContainerProblem<Int64 extends number | bigint = number> = components<Int64>['schemas']['ContainerProblem'];
export type ResponseContainersBadRequest<Int64 extends number | bigint = number> = components<Int64>['responses']['ContainersBadRequest'];
export type ResponseContainersUnauthorized<Int64 extends number | bigint = number> = components<Int64>['responses']['ContainersUnauthorized'];
export type ResponseContainersForbidden<Int64 extends number | bigint = number> = components<Int64>['responses']['ContainersForbidden'];
export type ResponseContainerAppNotFound<Int64 extends number | bigint = number> = components<Int64>['responses']['ContainerAppNotFound'];
export type ResponseContainersInternalError<Int64 extends number | bigint = number> = components<Int64>['responses']['ContainersInternalError'];
export type ParameterContainersAppId<Int64 extends number | bigint = number> = components<Int64>['parameters']['ContainersAppId'];
export type $defs = Record<string, never>;
export interface operations<Int64 extends number | bigint = number> {
    addContainerTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description ID of the application the container template is added to. */
                appId: components<Int64>["parameters"]["ContainersAppId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components<Int64>["schemas"]["ContainerTemplateRequest"];
                "text/json": components<Int64>["schemas"]["ContainerTemplateRequest"];
                "application/*+json": components<Int64>["schemas"]["ContainerTemplateRequest"];
            };
        };
        responses: {
            /** @description The added container template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components<Int64>["schemas"]["ContainerTemplate"];
                };
            };
            400: components<Int64>["responses"]["ContainersBadRequest"];
            401: components<Int64>["responses"]["ContainersUnauthorized"];
            403: components<Int64>["responses"]["ContainersForbidden"];
            404: components<Int64>["responses"]["ContainerAppNotFound"];
            500: components<Int64>["responses"]["ContainersInternalError"];
        };
    };
}
