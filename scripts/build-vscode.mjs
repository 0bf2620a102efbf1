// `npm run build:vscode`: the VS Code extension (editors/vscode) bundled by esbuild, with the scenario
// schema that `runner schema` prints, packed into a .vsix without any network access (DECISIONS.md, Wave 3 /
// Editors). A .vsix is an Open Packaging Conventions zip: [Content_Types].xml, extension.vsixmanifest and
// the extension's files under extension/. It is written here rather than by @vscode/vsce, which would bring
// a large dependency tree (and platform signing binaries) into the lock file for what is a small zip.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = join(root, 'editors/vscode');
// `node scripts/build-vscode.mjs [dir]`: where the built files and the .vsix go (default editors/vscode/dist).
const out = process.argv[2] ? resolve(process.argv[2]) : join(extensionDir, 'dist');
const manifest = JSON.parse(readFileSync(join(extensionDir, 'package.json'), 'utf8'));

if (!existsSync(join(root, 'dist/runner.cjs'))) {
  console.error('build:vscode: dist/runner.cjs is missing; run `npm run build` first');
  process.exit(1);
}
mkdirSync(out, { recursive: true });

// VS Code loads an extension as CommonJS and provides `vscode` itself.
await build({
  absWorkingDir: root,
  entryPoints: [join(extensionDir, 'src/extension.ts')],
  outfile: join(out, 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});

// The schema the YAML extension reads (contributes.yamlValidation): the very text `runner schema` prints.
const schema = execFileSync(process.execPath, [join(root, 'dist/runner.cjs'), 'schema'], {
  encoding: 'utf8',
});
writeFileSync(join(out, 'scenario.schema.json'), schema);

const files = {
  'extension/package.json': readFileSync(join(extensionDir, 'package.json')),
  'extension/README.md': readFileSync(join(extensionDir, 'README.md')),
  'extension/dist/extension.js': readFileSync(join(out, 'extension.js')),
  'extension/dist/scenario.schema.json': Buffer.from(schema),
};
const entries = {
  '[Content_Types].xml': Buffer.from(contentTypes(Object.keys(files))),
  'extension.vsixmanifest': Buffer.from(vsixManifest(manifest)),
  ...files,
};
const vsix = join(out, `${manifest.name}-${manifest.version}.vsix`);
const storedZip = await loadStoredZip();
writeFileSync(
  vsix,
  Buffer.concat(storedZip(Object.entries(entries).map(([name, data]) => ({ name, data })))),
);
console.log(`built ${relative(root, vsix)} (${(readFileSync(vsix).length / 1024).toFixed(0)} KiB)`);

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function contentTypes(paths) {
  const extensions = [
    ...new Set(['.vsixmanifest', ...paths.map((path) => path.slice(path.lastIndexOf('.')))]),
  ];
  const types = {
    '.json': 'application/json',
    '.js': 'application/javascript',
    '.md': 'text/markdown',
    '.vsixmanifest': 'text/xml',
  };
  const defaults = extensions.map(
    (extension) =>
      `<Default Extension="${extension}" ContentType="${types[extension] ?? 'application/octet-stream'}"/>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${defaults.join('')}</Types>\n`;
}

function vsixManifest(pkg) {
  const property = (id, value) => `<Property Id="${id}" Value="${escapeXml(value)}" />`;
  return `<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id="${escapeXml(pkg.name)}" Version="${escapeXml(pkg.version)}" Publisher="${escapeXml(pkg.publisher)}" />
    <DisplayName>${escapeXml(pkg.displayName)}</DisplayName>
    <Description xml:space="preserve">${escapeXml(pkg.description)}</Description>
    <Tags>${escapeXml(pkg.keywords.join(','))}</Tags>
    <Categories>${escapeXml(pkg.categories.join(','))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
      ${property('Microsoft.VisualStudio.Code.Engine', pkg.engines.vscode)}
      ${property('Microsoft.VisualStudio.Code.ExtensionDependencies', '')}
      ${property('Microsoft.VisualStudio.Code.ExtensionPack', '')}
      ${property('Microsoft.VisualStudio.Code.ExtensionKind', 'workspace')}
      ${property('Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown', 'true')}
    </Properties>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
  </Assets>
</PackageManifest>
`;
}

/**
 * The product's own zip writer (src/spreadsheets/storedZip.ts, written for .xlsx files), bundled on the fly:
 * one zip writer in the repository. Entries are stored, not deflated, which VS Code reads as well.
 */
async function loadStoredZip() {
  const bundled = await build({
    absWorkingDir: root,
    entryPoints: ['src/spreadsheets/storedZip.ts'],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  const source = bundled.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  return module.storedZip;
}
