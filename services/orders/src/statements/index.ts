/** The labels a monthly statement names: nothing above imports them, the module is all app.module needs. */
export { StatementsModule } from './statements.module';
