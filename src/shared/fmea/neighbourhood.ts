// The part of an FMEA tree a batch of operations reads. applyOps looks at a node's own row, its parent and
// the chain above it (placement, ancestors, owner structures), the whole subtree of a node it moves or
// deletes (and the links touching that subtree), and for a link the links already leaving its upper end.
// Loading just those rows instead of the whole tree makes a structural edit on a 25,000-node FMEA cost what
// the edit touches (issue 17: an edit stored in under 200 ms); applyOps answers on them exactly as on the
// whole tree (tests/shared/fmea/neighbourhood.test.ts compares the two on random batches).
import type { FmeaLink, FmeaNode } from "./model.ts";
import type { FmeaOp } from "./tree.ts";

/** How the rows are read: from the database on the server, from a document in the tests. */
export interface TreeReader {
  /** The rows of `ids`, and of `chainOf` and all their ancestors (missing ids have none). One call, so the
   * server reads a batch's nodes in one statement. */
  nodes(ids: string[], chainOf: string[]): Promise<FmeaNode[]>;
  /** These ids and the ids of all their descendants (ids without a row are left out). */
  descendants(ids: string[]): Promise<string[]>;
  /** The links with either end among these node ids. */
  linksTouching(ids: string[]): Promise<FmeaLink[]>;
  /** The links of these ids. */
  links(ids: string[]): Promise<FmeaLink[]>;
}

export async function neighbourhood(
  ops: readonly FmeaOp[],
  read: TreeReader,
): Promise<{ nodes: FmeaNode[]; links: FmeaLink[] }> {
  const own = new Set<string>();
  const up = new Set<string>();
  const down = new Set<string>();
  const linkEnds = new Set<string>();
  const linkIds = new Set<string>();
  for (const op of ops) {
    switch (op.op) {
      case "add":
        own.add(op.node.id);
        if (op.node.parentId !== null) up.add(op.node.parentId);
        break;
      case "update":
        own.add(op.id);
        // A new element type is checked against the parent and the children.
        if (op.set.elementType !== undefined) {
          up.add(op.id);
          down.add(op.id);
        }
        break;
      case "move":
        up.add(op.id);
        if (op.parentId !== null) up.add(op.parentId);
        down.add(op.id);
        break;
      case "delete":
        up.add(op.id);
        down.add(op.id);
        break;
      case "link":
        up.add(op.link.from);
        up.add(op.link.to);
        linkEnds.add(op.link.from);
        linkIds.add(op.link.id);
        break;
      case "unlink":
        linkIds.add(op.id);
        break;
    }
  }
  const subtree = down.size > 0 ? await read.descendants([...down]) : [];
  const touching = [...subtree, ...linkEnds];
  const byId = new Map<string, FmeaLink>();
  for (const link of touching.length > 0 ? await read.linksTouching(touching) : []) byId.set(link.id, link);
  for (const link of linkIds.size > 0 ? await read.links([...linkIds]) : []) byId.set(link.id, link);
  // A moved subtree's links are checked again, which needs the owner structure of their far ends.
  for (const link of byId.values()) {
    up.add(link.from);
    up.add(link.to);
  }
  for (const id of subtree) up.add(id);
  const ids = new Set([...own, ...subtree]);
  const nodes = ids.size > 0 || up.size > 0 ? await read.nodes([...ids], [...up]) : [];
  return { nodes, links: [...byId.values()] };
}
