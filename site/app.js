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
  document.body.dataset.view = stated ? 'stated' : 'all';

  // The bar wraps on a narrow screen: Scalar's sticky parts stay below it, whatever its height. On
  // a phone it is not sticky (site.css): it scrolls away, and Scalar's sticky parts take the top.
  const bar = document.querySelector('.platform-bar');
  const followBar = () => {
    const sticky = getComputedStyle(bar).position === 'sticky';
    document.documentElement.style.setProperty('--scalar-custom-header-height', `${sticky ? bar.offsetHeight : 0}px`);
  };
  new ResizeObserver(followBar).observe(bar);
  window.addEventListener('resize', followBar);
  followBar();

  /** The hash Scalar gives the overview. */
  const OVERVIEW_HASH = 'description/introduction';
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

  /**
   * The reader's place, across a switch of view or a new mock address ("Use"): an operation the
   * view leaves out is replaced by its group, a group it leaves out by the overview (Scalar's
   * hashes: #tag/<tag>/<METHOD><path>). Scalar takes a hash it cannot find for a prefix of every
   * later one; its own hash for the overview is one of those (the description starts with a
   * heading, so it has no introduction entry), and kept as it was it gave
   * #description/introduction/description/introduction: the overview is the page without a hash.
   */
  function keepPlace(doc) {
    if (location.hash === `#${OVERVIEW_HASH}`) {
      history.replaceState(null, '', `${location.pathname}${location.search}`);
      return;
    }
    const match = /^#tag\/([^/]+)(?:\/([A-Z]+)(\/.*))?$/.exec(decodeURIComponent(location.hash));
    if (!match) return;
    const [, tag, method, urlPath] = match;
    const slug = (name) => name.toLowerCase().trim().replace(/\s+/g, '-');
    const hasTag = (doc.tags || []).some((t) => slug(t.name) === tag);
    const hasOperation = method && doc.paths[urlPath] && doc.paths[urlPath][method.toLowerCase()];
    if (hasOperation || (!method && hasTag)) return;
    history.replaceState(null, '', `${location.pathname}${location.search}${hasTag ? `#tag/${tag}` : ''}`);
  }

  /** Markdown as the words a reader sees: code kept, links as their text, no markup or HTML. */
  const plainText = (markdown) =>
    String(markdown || '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/^ *```.*$/gm, ' ')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_|#>]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  /**
   * The description's sections as Scalar's navigation has them (a heading of level 1 or 2, with
   * the text up to the next one, deeper headings included), in order: [{ depth, title, parent, text }].
   */
  function descriptionSections(markdown) {
    const sections = [];
    let parent;
    let inCode = false;
    for (const line of String(markdown || '').split('\n')) {
      if (/^ *```/.test(line)) inCode = !inCode;
      const heading = inCode ? null : /^(#{1,2}) (.+)$/.exec(line);
      if (heading) {
        const section = { depth: heading[1].length, title: plainText(heading[2]), parent: heading[1].length === 1 ? undefined : parent, text: '' };
        if (section.depth === 1) parent = section.title;
        sections.push(section);
      } else if (sections.length > 0) sections[sections.length - 1].text += `${line}\n`;
    }
    return sections.map((section) => ({ ...section, text: plainText(section.text) }));
  }

  /**
   * What Scalar's search looks in, through the hook scripts/lib/site/scalar-adapter.ts puts into its
   * bundle: a guide section (Scalar indexes its heading only) gets its text, and says which guide it
   * belongs to; a group's description loses its markup (the Assumed badge is HTML).
   */
  window.PLATFORM_SEARCH_INDEX = (items) => {
    const sections = descriptionSections(window.PLATFORM_DOCUMENT.info.description);
    const unused = [...sections];
    for (const item of items) {
      if (item.type === 'tag' && item.description) item.description = plainText(item.description);
      if (item.type !== 'heading' || !item.entry || item.entry.type !== 'text') continue;
      const at = unused.findIndex((section) => section.title === plainText(item.title));
      if (at < 0) continue;
      const [section] = unused.splice(at, 1);
      item.body = section.text;
      if (section.parent) item.description = section.parent;
    }
    return items;
  };

  /**
   * Scalar's search results, through the hook scripts/lib/site/scalar-adapter.ts puts into its bundle:
   * operations, guides and groups whose title holds the query first, then the other operations,
   * guides and groups, then models, each in Scalar's order; an operation and a model say which
   * area defines them.
   */
  const labelled = new WeakSet();
  window.PLATFORM_SEARCH_RESULTS = (results, query) => {
    const doc = window.PLATFORM_DOCUMENT;
    const words = String(query || '').toLowerCase().split(/\s+/).filter(Boolean);
    const areaTitle = (area) => ((doc['x-tagGroups'] || []).find((group) => group['x-area'] === area) || {}).name;
    for (const { item } of results) {
      if (labelled.has(item)) continue;
      labelled.add(item);
      const schema = item.type === 'model' && item.entry && doc.components && doc.components.schemas && doc.components.schemas[item.entry.name];
      if (schema && areaTitle(schema['x-area'])) item.description = `Model of ${areaTitle(schema['x-area'])}`;
      const operation = item.type === 'operation' && doc.paths[item.path] && doc.paths[item.path][String(item.method).toLowerCase()];
      if (operation && areaTitle(operation['x-area'])) item.path = `${item.path} · ${areaTitle(operation['x-area'])}`;
    }
    const rank = ({ item }) => {
      if (item.type === 'model') return 2;
      const title = String(item.title || '').toLowerCase();
      return words.length > 0 && words.every((word) => title.includes(word)) ? 0 : 1;
    };
    return results.map((result, index) => ({ result, index })).sort((a, b) => rank(a.result) - rank(b.result) || a.index - b.index).map(({ result }) => result);
  };

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
  /** Scalar's instance, once it renders. */
  let reference;

  /**
   * The token in the authentication card of every database operation, so that the card shows what
   * Test Request sends. The whole configuration goes back (Scalar empties a scheme it is not
   * given); a value the reader typed stays.
   */
  function showToken(token) {
    const configuration = reference.getConfiguration();
    const securitySchemes = { ...configuration.authentication.securitySchemes, DatabaseAccessToken: { token } };
    reference.updateConfiguration({ ...configuration, authentication: { ...configuration.authentication, securitySchemes } });
  }

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
          showToken(token.token);
          return token.token;
        })
        .catch((error) => {
          minting = undefined; // asked again on the next database request
          status.textContent = `The mock at ${mockUrl} did not give a database token (${error.message}): ${startTheMock()}`;
          throw error;
        });
    return minting;
  }

  /** How to start the mock, in the contracts repository and where its package is installed (a page opened from a file needs its origin allowed). */
  function startTheMock() {
    const flags = served ? '' : ' --cors-origin null';
    const { repository, installed, packageName } = config.startMock;
    return `start it with ${repository}${flags} in the contracts repository, or with ${installed}${flags} where ${packageName} is installed${served ? '' : ' (this page is opened from a file: the mock must allow the origin null)'}`;
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
      keepPlace(doc);
      window.PLATFORM_SITE = { mockUrl, stated, databaseToken: undefined };
      reference = Scalar.createApiReference('#app', {
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
