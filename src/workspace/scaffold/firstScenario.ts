import { SCHEMA_MODELINE } from './exampleScenarios.js';

/** The one scenario `runner init` writes for your own API: is it up? */
export const FIRST_SCENARIO = `${SCHEMA_MODELINE}
# A first check of your API: change the path to its health endpoint (or any GET that answers without
# logging in), then run \`npx runner run\`. The base URL is in .runner/environments/local.yaml.
# \`runner init --demo\` in an empty directory writes a tour of the language against the demo API.
scenario: Health check
tags: [smoke]

steps:
  - name: The API answers
    request:
      method: GET
      url: /health
    expect:
      status: 200
`;
