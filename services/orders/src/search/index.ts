/** The seller's order and batch searches: nothing above imports them, the module is all app.module needs. */
export { SearchModule } from './search.module';
