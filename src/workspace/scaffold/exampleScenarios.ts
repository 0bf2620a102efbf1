/**
 * Example scenarios written by `runner init`. They pass against the demo API and show the language:
 * requests, matchers, save (incl. count()), set, if, setup/teardown, variables and generators, JWT claims,
 * schemas, use, for_each, retry and transform.
 */

/** Editors with the YAML language server read this line for completion and hover (DECISIONS, `runner schema`). */
export const SCHEMA_MODELINE = '# yaml-language-server: $schema=../scenario.schema.json';

const HEALTH = `${SCHEMA_MODELINE}
# A smoke test: is the API up? Run it alone with \`runner run health.yaml\`, or every smoke test
# with \`runner run --tag smoke\`.
#
# tour.yaml shows use, for_each, retry and transform; users-crud.yaml shows JWT claims and schemas.
scenario: Health check
description: The demo API is up and answers with JSON and a request id.
tags: [smoke]

steps:
  - name: API is healthy
    request:
      method: GET
      url: /health
    expect:
      status: 200
      headers.content-type: startsWith application/json
      headers.x-request-id: exists
      body.status: ok
      body.uptimeSeconds: integer

  - name: Unknown routes answer 404 with a message
    request:
      method: GET
      url: /no-such-route
    expect:
      status: 404
      body.error: contains no route
`;

const USERS_CRUD = `${SCHEMA_MODELINE}
# Create, read, update and list a user. Setup logs in and saves the token; teardown deletes the
# user whatever happened in between.
scenario: Users CRUD
description: Log in, create a user, read it, rename it, find it in the list, delete it.
tags: [users]

setup:
  - name: Log in with the demo credentials
    request:
      method: POST
      # \`service: auth\` resolves /login through services.auth.baseUrl in the environment file.
      service: auth
      url: /login
      body:
        username: $accounts.admin.username
        password: $accounts.admin.password
    expect:
      status: 200
      # The whole body against .runner/schemas/auth/token.yaml, and claims of the JWT it holds
      # (decoded, not verified: runner reads claims, it does not check signatures).
      schema: auth/token
      jwt.role: admin
      jwt.exp: integer
    save:
      token: body.token

steps:
  - name: Create a user
    request:
      method: POST
      url: /users
      headers:
        Authorization: Bearer $token
      body:
        name: Test User \${randomInt(1,9)}
        email: $randomEmail
    expect:
      status: 201
      schema: user
      headers.location: startsWith /users/
      body.id: integer
      body.name: startsWith Test User
      body.email: email
      body.role: user
      body.createdAt: exists
    save:
      userId: body.id
      userLocation: headers.location

  - name: Read it back
    request:
      method: GET
      url: $userLocation
    expect:
      status: 200
      body.id: integer
      body.email: email
      body.password: not exists

  - name: Rename it
    request:
      method: PATCH
      url: /users/$userId
      headers:
        Authorization: Bearer $token
      body:
        name: Renamed User
    expect:
      status: 200
      body.name: Renamed User
      body.role: oneOf user,viewer
      body.updatedAt: string

  - name: Find it among the users
    request:
      method: GET
      url: /users
      query:
        role: user
    expect:
      status: 200
      body.items: not empty
      body.total: gte 2
    save:
      userCount: count(body.items)

teardown:
  - name: Delete the user
    # Skipped when the user was never created.
    if: $userId
    request:
      method: DELETE
      url: /users/$userId
      headers:
        Authorization: Bearer $token
    expect:
      status: 204

  - name: It is gone
    if: $userId
    request:
      method: GET
      url: /users/$userId
    expect:
      status: 404
      body.error: endsWith not found
`;

const PRODUCTS = `${SCHEMA_MODELINE}
# Matchers on numbers, strings, lists and types, and count() to save the length of a list.
scenario: Product catalogue
description: Check product fields with matchers and count the catalogue.
tags: [products, smoke]

steps:
  - name: List all products
    request:
      method: GET
      url: /products
    expect:
      status: 200
      body.items: array
      body.total: gte 1
      body.items[0].id: integer
      body.items[0].name: string
      body.items[0].sku: regex ^[A-Z]{2}-[0-9]{3}$
      body.items[0].price: gt 0
      body.items[0].currency: oneOf EUR,USD
      body.items[0].tags: contains hardware
      body.items[0].discontinued: not exists
    save:
      productCount: count(body.items)
      firstProductId: body.items[0].id

  - name: Filter by tag
    request:
      method: GET
      url: /products
      query:
        tag: book
    expect:
      status: 200
      body.total: 1
      body.items[0].name: endsWith Handbook
      body.items[0].stock: gte 0
      body.items[0].tags: not contains hardware

  - name: Products that are out of stock
    request:
      method: GET
      url: /products
      query:
        inStock: 'false'
    expect:
      status: 200
      body.items[0].stock: 0
      body.items[0].price: lt 1000

  - name: Read the first product by id
    request:
      method: GET
      url: /products/$firstProductId
    expect:
      status: 200
      body.id: 101
      body.tags: array
      body.tags[0]: hardware
`;

const SET_AND_IF = `${SCHEMA_MODELINE}
# \`set\` assigns variables without a request; \`if\` runs a step only when its condition holds.
scenario: Variables, set and if
description: Derive values with set, pass them to requests, and guard steps with if.
tags: [language]

steps:
  - name: Count the viewers
    request:
      method: GET
      url: /users
      query:
        role: viewer
    expect:
      status: 200
    save:
      viewerCount: count(body.items)

  - name: Choose what to ask for
    set:
      wantedRole: user
      pageSize: '2'
      traceId: trace-$uuid

  - name: One page of users with the chosen role
    request:
      method: GET
      url: /users
      headers:
        X-Request-Id: $traceId
      query:
        role: $wantedRole
        limit: $pageSize
    expect:
      status: 200
      headers.x-request-id: startsWith trace-
      body.items[0].role: user
      body.total: gt 2
    save:
      pageCount: count(body.items)

  - name: The whole list, only when the page was full
    if: $pageCount == $pageSize
    request:
      method: GET
      url: /users
      query:
        role: $wantedRole
    expect:
      status: 200
      body.total: gt 2

  - name: Skipped, since the demo has viewers
    if: $viewerCount == 0
    request:
      method: GET
      url: /status/500
    expect:
      status: 200

  - name: Combine conditions with && and ||
    if: ($viewerCount > 0 && $wantedRole != admin) || $pageSize == 100
    request:
      method: POST
      url: /echo
      body:
        role: $wantedRole
        viewers: $viewerCount
    expect:
      status: 200
      body.method: POST
      body.body.role: user
      body.body.viewers: 1
`;

const TOUR = `${SCHEMA_MODELINE}
# Composition, loops, polling and building a body from saved data.
scenario: Tour of use, for_each, retry and transform
description: Log in through a shared fragment, visit every product in stock, poll, and order two products.
tags: [language]

setup:
  # Files and directories starting with _ are fragments: \`runner run\` skips them, \`use\` runs them
  # inline. What they save (here $token) is visible afterwards.
  - name: Log in (shared steps)
    use: _shared/login.yaml

steps:
  - name: Products in stock
    request:
      method: GET
      url: /products
      query:
        inStock: 'true'
    expect:
      status: 200
      body.items: not empty
    save:
      products: body.items

  - name: Visit each product
    for_each:
      from: $products
      as: product
      steps:
        - request:
            method: GET
            url: /products/$product.id
          expect:
            status: 200
            body.sku: $product.sku
            body.stock: gt 0

  - name: Wait until the API is healthy
    request:
      method: GET
      url: /health
    expect:
      body.status: ok
    # Tried up to 3 times in all, 200 ms apart (±25% jitter), while the expectations fail.
    retry:
      attempts: 3
      interval: 200

  - name: Order the first two products in stock
    request:
      method: POST
      url: /echo
      headers:
        Authorization: Bearer $token
      body:
        customer: 7
      # Reshape the saved list into the body: keep two items, each as { sku, qty }.
      transform:
        from: $products
        slice: '0:2'
        map:
          sku: $item.sku
          qty: 1
        into: lines
    expect:
      status: 200
      body.body.customer: 7
      body.body.lines: array
      body.body.lines[1].qty: 1
`;

const SHARED_LOGIN = `${SCHEMA_MODELINE.replace('../', '../../')}
# A fragment: used by other scenarios with \`use: _shared/login.yaml\`; a directory run skips it.
scenario: Log in
steps:
  - name: Log in with the demo credentials
    request:
      method: POST
      url: /auth/login
      body:
        username: $accounts.admin.username
        password: $accounts.admin.password
    expect:
      status: 200
    save:
      token: body.token
`;

/** File name under `.runner/tests/` to content. */
export const EXAMPLE_SCENARIOS: Readonly<Record<string, string>> = {
  'health.yaml': HEALTH,
  'users-crud.yaml': USERS_CRUD,
  'products.yaml': PRODUCTS,
  'set-and-if.yaml': SET_AND_IF,
  'tour.yaml': TOUR,
  '_shared/login.yaml': SHARED_LOGIN,
};
