// DNS: the import answers counts derived from the zone file it was sent (see dns-zone-file.ts);
// an empty zone file and every invalid request answer 400 with the DNS error body.
import { defineArea, describeViolations, type MockRequest, type Violation } from '../area.ts';
import { countZoneFile } from './dns-zone-file.ts';

const dnsError = (field: string, message: string) => ({ status: 400, body: { ErrorKey: 'invalid_request', Field: field, Message: message } });

/**
 * The request field a violation is about, spelt as the contract spells it (Prism reports
 * parameter names in lower case): `zoneId` for ['path', 'zoneid']. Violations without a
 * location (a missing body, a wrong content type) are about the body.
 */
function fieldOf(violation: Violation | undefined, request: MockRequest): string {
  const name = violation?.location.slice(1).join('.');
  if (!name) return 'body';
  const parameters = [...(request.operation.request?.path ?? []), ...(request.operation.request?.query ?? [])];
  return parameters.find((parameter) => parameter.name.toLowerCase() === name.toLowerCase())?.name ?? name;
}

export default defineArea({
  name: 'dns',
  setup() {
    return {
      invalidRequest: (violations, request) => dnsError(fieldOf(violations[0], request), describeViolations(violations)),
      handlers: {
        importDnsRecords(request) {
          const zoneFile = typeof request.body === 'string' ? request.body : '';
          if (zoneFile.trim() === '') return dnsError('body', 'body: the zone file is empty');
          return { status: 200, body: countZoneFile(zoneFile) };
        },
      },
    };
  },
});
