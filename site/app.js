// The reference site in the browser: picks the view (everything, or stated facts only) and the
// mock that Test Request talks to, then renders the one document with Scalar's API reference. A
// database token is asked of that mock only when the reader first sends a database request (not
// on every page load). Talks to no host but the mock it is told about.
(function () {
  'use strict';
  const config = window.PLATFORM_SITE_CONFIG;
  const params = new URLSearchParams(location.search);
  const served = location.protocol === 'http:' || location.protocol === 'https:';
  const MOCK_KEY = 'platform-site.mock-url';
  const stored = served ? null : localStorage.getItem(MOCK_KEY);
  const chosen = params.get('mock') || stored;
  // Served by the mock: the mock is this page's origin. From a file: the address the reader set.
  const mockUrl = (params.get('mock') || (served ? location.origin : stored || config.mockDefault)).replace(/\/+$/, '');
  const stated = params.get('view') === 'stated';

  const status = document.getElementById('mock-status');
  const input = document.getElementById('mock-url');
  const statedBox = document.getElementById('stated-only');
  input.value = mockUrl;
  statedBox.checked = stated;

  const reloadWith = (name, value) => {
    if (value) params.set(name, value);
    else params.delete(name);
    const search = params.toString();
    location.href = `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
  };
  statedBox.addEventListener('change', () => reloadWith('view', statedBox.checked ? 'stated' : ''));
  document.getElementById('mock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const value = input.value.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+$/.test(value)) {
      status.textContent = 'Give the mock as http://host:port';
      return;
    }
    if (!served) localStorage.setItem(MOCK_KEY, value);
    reloadWith('mock', value);
  });

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${src} could not be loaded`));
      document.head.append(script);
    });
  }

  /** Every operation tries the mock first; production addresses stay selectable, marked as placeholders. */
  function pointAtMock(doc) {
    const mock = { url: mockUrl, description: served ? 'Local mock: the one serving this site' : 'Local mock (its address is set in the bar above)' };
    for (const pathItem of Object.values(doc.paths)) {
      for (const operation of Object.values(pathItem)) {
        if (!operation || !Array.isArray(operation.servers)) continue;
        const production = operation.servers
          .filter((server) => !(server.variables && server.variables.mock_url))
          .map((server) => ({ ...server, description: `Production, placeholder address: set your own. ${server.description || ''}`.trim() }));
        operation.servers = [mock, ...production];
      }
    }
  }

  /** What the database token field shows until the first database request asks the mock for a token. */
  const TOKEN_PLACEHOLDER = 'asked-of-the-mock-on-first-send';
  let minting;

  /** A Full Access token from the mock's management API (the mock accepts any access key), asked for once. */
  function databaseToken() {
    minting =
      minting ||
      fetch(`${mockUrl}/database/${encodeURIComponent(config.databaseId)}/tokens`, {
        method: 'POST',
        headers: { AccessKey: config.accessKey, 'Content-Type': 'application/json' },
        body: '{}',
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`answered ${response.status}`);
          const token = ((await response.json()).tokens || []).find((t) => t.kind === 'full_access');
          if (!token) throw new Error('answered no Full Access token');
          status.textContent = `Test Request goes to ${mockUrl} (access key and database token filled in)`;
          window.PLATFORM_SITE.databaseToken = token.token;
          return token.token;
        })
        .catch((error) => {
          minting = undefined; // asked again on the next database request
          status.textContent = `The mock at ${mockUrl} did not give a database token (${error.message}): start it with pnpm mock${served ? '' : ' --cors-origin null (this page is opened from a file)'}`;
          throw error;
        });
    return minting;
  }

  /** Test Request's fetch: a database request carrying the placeholder gets a token from the mock first (the page asks for none before). */
  async function fetchWithToken(input, init) {
    const request = new Request(input, init);
    if (request.headers.get('authorization') === `Bearer ${TOKEN_PLACEHOLDER}`) {
      request.headers.set('authorization', `Bearer ${await databaseToken()}`);
    }
    return fetch(request);
  }

  function describeTarget() {
    if (!served && !chosen) {
      status.textContent = `Test Request goes to ${mockUrl}; set the mock's address and press Use`;
      return;
    }
    status.textContent = `Test Request goes to ${mockUrl} (access key filled in; the database token is asked of the mock on the first database request)`;
    status.dataset.ready = 'true';
  }

  describeTarget();
  loadScript(stated ? 'assets/document-stated.js' : 'assets/document.js')
    .then(() => {
      const doc = window.PLATFORM_DOCUMENT;
      pointAtMock(doc);
      window.PLATFORM_SITE = { mockUrl, stated, databaseToken: undefined };
      Scalar.createApiReference('#app', {
        content: doc,
        title: doc.info.title,
        withDefaultFonts: false, // the fonts ship with the site (assets/site.css)
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true }, // its button links to another host
        hiddenClients: true, // only the samples checked against the contract and the mock
        documentDownloadType: 'none',
        persistAuth: false,
        defaultOpenAllTags: false,
        authentication: {
          securitySchemes: {
            AccessKey: { value: config.accessKey },
            DatabaseAccessToken: { token: TOKEN_PLACEHOLDER },
          },
        },
        customFetch: fetchWithToken,
      });
      document.body.dataset.rendered = 'true';
    })
    .catch((error) => {
      status.textContent = error.message;
      throw error;
    });
})();
