/** The seller's order and batch searches: the module is all app.module needs; the public API's pages build on its conditions. */
export { SearchModule } from './search.module';
export { addAfter, addOwner, Conditions, cursorTime, type SqlWhere } from './search-conditions';
