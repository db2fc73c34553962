import { createContainersClient } from '@platform-contracts/client';

const containers = createContainersClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, error } = await containers.POST('/mc/apps/{appId}/containers', {
  params: { path: { appId: 'app-7f3c2a' } },
  body: {
    name: 'web',
    imageName: 'nginx',
    imageNamespace: 'library',
    imageTag: '1.27',
    imageRegistryId: '1',
    environmentVariables: [{ name: 'LOG_LEVEL', value: 'info' }],
    endpoints: [
      { displayName: 'public', cdn: { isSslEnabled: true, pullZoneId: 1201, portMappings: [{ containerPort: 80, exposedPort: 443, protocols: ['tcp'] }] } },
    ],
  },
});
if (error) {
  const fields = 'errors' in error ? error.errors?.map((e) => `${e.field} ${e.message}`).join('; ') : error.detail;
  throw new Error(`${error.title}: ${fields}`);
}
console.log(`template ${data.id}`, data.endpoints?.map((e) => e.publicHost));
