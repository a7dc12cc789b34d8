import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type GraphQLResolveInfo,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

/** Whether @skip or @include leave a selection out, read as graphql-js reads them. */
function isIncluded(selection: SelectionNode, variables: GraphQLResolveInfo['variableValues']): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, selection, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, selection, variables)?.if !== false;
}

/**
 * Whether the field being resolved selects `path` below it (`edges > node > data`), under any alias, through
 * fragments and inline fragments, and not left out by @skip or @include. A fragment is looked at once per
 * depth, so fragments that spread each other many times cannot make the walk long.
 */
export function selectsPath(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  const fragmentResults = new Map<string, boolean>();
  const selects = (selectionSet: SelectionSetNode | undefined, depth: number): boolean => {
    if (!selectionSet) return false;
    return selectionSet.selections.some((selection) => {
      if (!isIncluded(selection, info.variableValues)) return false;
      if (selection.kind === Kind.FIELD) {
        return selection.name.value === path[depth] && (depth === path.length - 1 || selects(selection.selectionSet, depth + 1));
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return selects(selection.selectionSet, depth);
      const key = `${depth}:${selection.name.value}`;
      let result = fragmentResults.get(key);
      if (result === undefined) {
        fragmentResults.set(key, false); // a cycle (validation refuses them) ends here
        result = selects(info.fragments[selection.name.value]?.selectionSet, depth);
        fragmentResults.set(key, result);
      }
      return result;
    });
  };
  return info.fieldNodes.some((node) => selects(node.selectionSet, 0));
}

/** Where a connection's entries are, below its field. */
export const EDGE_NODE = ['edges', 'node'] as const;

/** A connection's entries' `data`: a page that shows it is measured against the request's data budget. */
export const NODE_DATA = [...EDGE_NODE, 'data'] as const;

/** Whether a page's entries show their files or meta rows, below `node` (EDGE_NODE, or search's `entries`). */
export function selectsParts(info: GraphQLResolveInfo, node: readonly string[]): boolean {
  return selectsPath(info, [...node, 'attachments']) || selectsPath(info, [...node, 'meta']);
}
