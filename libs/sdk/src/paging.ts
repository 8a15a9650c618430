/** A page of a v1 list: newest first (shipments, events) or in row order (a batch's labels). */
export interface CursorPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Every item of a cursor-paged list, page after page while the API says `has_more`. A page's cursor is the last
 * item it gave, so an item created during the walk is never read twice nor makes another be skipped.
 */
export async function* eachItem<T>(page: (cursor: string | undefined) => Promise<CursorPage<T>>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const answer = await page(cursor);
    yield* answer.data;
    if (!answer.has_more || answer.next_cursor === null) return;
    cursor = answer.next_cursor;
  }
}
