import { Module } from '@nestjs/common';
import { StatementLabelsController } from './statement-labels.controller';
import { StatementLabelsRepository } from './statement-labels.repository';

/** What orders adds to a customer's monthly statement: the labels behind its lines (issue 49, decision 094). */
@Module({ controllers: [StatementLabelsController], providers: [StatementLabelsRepository] })
export class StatementsModule {}
