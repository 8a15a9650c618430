import 'reflect-metadata';
import { runAsProcess } from '@labeldesk/nest-service';
import { authService } from './service';

void runAsProcess(authService);
