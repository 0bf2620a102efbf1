// The JSON Schema validator's classes, in a module of their own so that schemaCompiler.ts can load them on
// first use (`await import('./ajvClasses.js')`) while ajv, a CommonJS package, is imported statically: only
// a static import gives a CommonJS package's named exports in every bundle layout.
export { Ajv } from 'ajv';
export { Ajv2020 } from 'ajv/dist/2020.js';
