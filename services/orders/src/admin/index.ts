/** The admin's order views: nothing above imports them, the module is all app.module needs. */
export { AdminModule } from './admin.module';
