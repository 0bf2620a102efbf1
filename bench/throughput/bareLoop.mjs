// The loop the bare baselines share (bare.mjs on node:http, bareClient.mjs on runner's HTTP client): each
// pair is POST /users (save body.id) then GET /users/<id> checking status 200, body.id equal to the saved id
// and body.name a string. Prints how many scenarios passed and sets the exit code (0 all passed, 1 not).

/** `<baseUrl> <scenarios> <pairs-per-scenario>` from the end of argv, or exits 2 naming the usage. */
export function loopArguments(usage) {
  const [baseUrl, scenariosText, pairsText] = process.argv.slice(-3);
  const scenarios = Number(scenariosText);
  const pairs = Number(pairsText);
  if (baseUrl === undefined || !Number.isInteger(scenarios) || !Number.isInteger(pairs)) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { baseUrl, scenarios, pairs };
}

function check(failures, label, passed) {
  if (!passed) failures.push(label);
}

/**
 * Runs the scenarios one after another; `send(method, path, body?)` resolves with `{ status, body }` (the
 * JSON parsed). `close` runs at the end whatever happened.
 */
export async function runLoop({ scenarios, pairs, send, close }) {
  let failed = 0;
  try {
    for (let scenario = 1; scenario <= scenarios; scenario += 1) {
      const failures = [];
      // Saved values reset for each scenario, as SPEC.md says of the variable store.
      const saved = {};
      for (let pair = 1; pair <= pairs; pair += 1) {
        const created = await send('POST', '/users', { name: `Bench User ${scenario}-${pair}` });
        saved.id = created.body?.id;
        const read = await send('GET', `/users/${saved.id}`);
        check(failures, `pair ${pair}: status`, read.status === 200);
        check(failures, `pair ${pair}: body.id`, read.body?.id === saved.id);
        check(failures, `pair ${pair}: body.name`, typeof read.body?.name === 'string');
      }
      if (failures.length > 0) {
        failed += 1;
        console.log(`scenario ${scenario} failed: ${failures.join(', ')}`);
      }
    }
  } finally {
    await close();
  }
  console.log(`${scenarios - failed}/${scenarios} scenarios passed`);
  process.exitCode = failed === 0 ? 0 : 1;
}
