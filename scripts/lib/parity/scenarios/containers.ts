// Containers: a template added to an application, the same name again, a bad template and an
// application that does not exist.
import { type Scenario, UNKNOWN } from '../scenario.ts';

const template = { name: 'parity-web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1.27', imageRegistryId: '1' };

export const scenarios: Scenario[] = [
  {
    name: 'containers/templates',
    area: 'containers',
    summary: 'adds a container template, then one without an image (400), then one to an application that does not exist (404)',
    async run({ platform, anonymous, inputs }) {
      await anonymous.containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: inputs.appId } }, body: template });
      await platform.containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: inputs.appId } }, body: template });
      await platform.containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: inputs.appId } }, body: { ...template, imageName: '' } });
      await platform.containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: UNKNOWN.text } }, body: template });
    },
  },
];
