// An area's types, generated from its bundle by openapi-typescript and made generic in how int64
// is typed (scripts/generate.ts; loaded only when types are generated).
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type SchemaObject } from 'openapi-typescript';
import ts from 'typescript';

const header = (area: string) =>
  [
    '/**',
    ` * Generated from openapi/${area}/ by \`pnpm generate\` (openapi-typescript). Do not edit:`,
    ' * change the contract and run `pnpm bundle && pnpm generate` instead.',
    ' */',
    '',
    '',
  ].join('\n');

/** The type parameter every generated declaration takes: what an int64 field is (`number` unless asked). */
const INT64 = 'Int64';

/** int64 is the type parameter `Int64` (`number` by default, `bigint` for a client made with `int64: 'bigint'`). */
function int64Type(schema: SchemaObject): ts.TypeNode | undefined {
  if (schema.format !== 'int64') return undefined;
  const types: ts.TypeNode[] = [ts.factory.createTypeReferenceNode(INT64)];
  if (Array.isArray(schema.type) && schema.type.includes('null')) types.push(ts.factory.createLiteralTypeNode(ts.factory.createNull()));
  return types.length === 1 ? types[0] : ts.factory.createUnionTypeNode(types);
}

/**
 * Makes `paths`, `components`, `operations` and every root type generic in `Int64` (default
 * `number`), and passes it on wherever one refers to another: `paths` is the area's types with
 * int64 as `number`, `paths<bigint>` with int64 as `bigint`, from one file.
 */
function genericInInt64(nodes: readonly ts.Node[]): ts.Node[] {
  const f = ts.factory;
  const parameter = () =>
    f.createTypeParameterDeclaration(
      undefined,
      INT64,
      f.createUnionTypeNode([f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword), f.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword)]),
      f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
    );
  const generic = new Set(nodes.filter(ts.isInterfaceDeclaration).map((node) => node.name.text));
  // Root types are written as one name holding the whole access: `components['schemas']['VideoModel']`.
  const rootAccess = (node: ts.Node) => ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && /^\w+(?=\[)/.exec(node.typeName.text)?.[0];
  const isGeneric = (node: ts.Node) =>
    ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && (generic.has(node.typeName.text) || generic.has(rootAccess(node) || ''));
  const refersToGeneric = (node: ts.Node): boolean => isGeneric(node) || (ts.forEachChild(node, refersToGeneric) ?? false);
  for (const node of nodes) if (ts.isTypeAliasDeclaration(node) && refersToGeneric(node.type)) generic.add(node.name.text);
  const passOn: ts.Visitor = (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && isGeneric(node) && !node.typeArguments) {
      const root = rootAccess(node);
      if (root) return f.createTypeReferenceNode(node.typeName.text.replace(root, `${root}<${INT64}>`));
      return f.createTypeReferenceNode(node.typeName, [f.createTypeReferenceNode(INT64)]);
    }
    return ts.visitEachChild(node, passOn, undefined);
  };
  return nodes.map((node) => {
    if (ts.isInterfaceDeclaration(node) && generic.has(node.name.text)) {
      return f.updateInterfaceDeclaration(
        node,
        node.modifiers,
        node.name,
        [parameter()],
        node.heritageClauses,
        node.members.map((member) => ts.visitNode(member, passOn) as ts.TypeElement),
      );
    }
    if (ts.isTypeAliasDeclaration(node) && generic.has(node.name.text)) {
      return f.updateTypeAliasDeclaration(node, node.modifiers, node.name, [parameter()], ts.visitNode(node.type, passOn) as ts.TypeNode);
    }
    return node;
  });
}

/** An area's types (`packages/contracts/src/generated/<area>.ts`) from its bundle. */
export async function generateTypes(area: string, bundle: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(bundle), { rootTypes: true, rootTypesNoSchemaPrefix: true, transform: int64Type });
  return header(area) + astToString(genericInInt64(ast));
}
