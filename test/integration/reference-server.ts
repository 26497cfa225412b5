/** The reference server on a free local port, for tests that drive the engine against it. */
import { buildServer, type ReferenceServer } from '../../server/app';
import { testConfig, type ServerConfig } from '../../server/config';

export async function listeningServer(overrides: Partial<ServerConfig> = {}): Promise<{ server: ReferenceServer; base: string }> {
  const server = await buildServer(testConfig(overrides));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
