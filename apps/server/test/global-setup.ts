import type { TestProject } from 'vitest/node';
import { adminQuery, createMigratedDatabase, startTestServer, uniqueName } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testAdminUrl: string;
    testTemplateDatabase: string;
  }
}

/** Once per run: a server and a migrated template database that each test file copies. */
export default async function setup(project: TestProject) {
  const server = await startTestServer('pg-test', 54339);
  const template = uniqueName('portal_template');
  await createMigratedDatabase(server.adminUrl, template);
  project.provide('testAdminUrl', server.adminUrl);
  project.provide('testTemplateDatabase', template);

  return async () => {
    // Drop what this run made (file databases are named after the template).
    const client = new (await import('pg')).default.Client({ connectionString: server.adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${template.replace('portal_template', 'portal_file')}%`,
    ]);
    await client.end();
    for (const { datname } of rows)
      await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await server.stop();
  };
}
