/** Insurance claims (decision 102): the module the orders service mounts. */
export { ClaimsModule } from './claims.module';
