// Start-up: Prism loads @faker-js/faker with every locale (about half a second) although it only
// needs the English faker, and only for dynamic examples. This module must be imported before
// Prism: it puts a stand-in for @faker-js/faker in the module cache that loads the English-only
// build on first use.
import { createRequire, Module } from 'node:module';

const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
const fakerPath = fromPrism.resolve('@faker-js/faker');
const requireCache = fromPrism.cache;

if (!requireCache[fakerPath]) {
  let english: object | undefined;
  const load = (): object => (english ??= fromPrism('@faker-js/faker/locale/en') as object);
  // json-schema-faker takes the faker object at start-up; it is used only when generating.
  const faker = new Proxy({}, {
    get: (_, name) => Reflect.get(load(), name),
    has: (_, name) => Reflect.has(load(), name),
  });
  const standIn = new Module(fakerPath);
  standIn.filename = fakerPath;
  standIn.loaded = true;
  standIn.exports = { __esModule: true, default: faker, faker };
  requireCache[fakerPath] = standIn;
}
