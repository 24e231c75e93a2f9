// dependency-cruiser reads TypeScript through the compiler's JavaScript API,
// which TypeScript 7 (the native compiler this project type-checks with) no
// longer has. These two resolve hooks (ESM import, and the require it uses
// for version checks) hand dependency-cruiser TypeScript 5.9's API (the
// devDependency typescript-5-api) under the name "typescript"; nothing else
// is affected. Used by `npm run lint:deps`.

import Module, { register } from 'node:module';

const fromCruiser = (parent) => typeof parent === 'string' && parent.includes('/dependency-cruiser/');
const renamed = (specifier) => specifier.replace(/^typescript(?=\/|$)/, 'typescript-5-api');
const isTypescript = (specifier) => /^typescript(\/|$)/.test(specifier);

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (/^typescript(\\/|$)/.test(specifier) && (context.parentURL || '').includes('/dependency-cruiser/')) return next(specifier.replace(/^typescript(?=\\/|$)/, 'typescript-5-api'), context);
  return next(specifier, context);
}`),
  import.meta.url,
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolveFilename.call(this, isTypescript(request) && fromCruiser(parent?.filename) ? renamed(request) : request, parent, ...rest);
};
