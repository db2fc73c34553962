// DNS: the import answers counts derived from the zone file it was sent (see dns-zone-file.ts);
// an empty zone file and every invalid request answer 400 with the DNS error body.
import { defineArea, describeViolations, type Violation } from '../area.ts';
import { countZoneFile } from './dns-zone-file.ts';

const dnsError = (field: string, message: string) => ({ status: 400, body: { ErrorKey: 'invalid_request', Field: field, Message: message } });

/** The request field a violation is about (violations name parameters as declared); one without a location is about the body. */
function fieldOf(violation: Violation | undefined): string {
  return violation?.location.slice(1).join('.') || 'body';
}

export default defineArea({
  name: 'dns',
  setup() {
    return {
      invalidRequest: (violations) => dnsError(fieldOf(violations[0]), describeViolations(violations)),
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
