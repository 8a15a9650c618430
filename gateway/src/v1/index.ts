import { V1AccountController } from './v1-account.controller';
import { V1BatchesController } from './v1-batches.controller';
import { V1EventsController } from './v1-events.controller';
import { V1RatesController } from './v1-rates.controller';
import { V1ShipmentsController } from './v1-shipments.controller';
import { V1TestModeController } from './v1-test-mode.controller';

/** The public API v1 (issue 48, decision 103): resource routes for integrators, keys and sessions alike. */
export const V1_CONTROLLERS = [V1AccountController, V1RatesController, V1ShipmentsController, V1BatchesController, V1EventsController, V1TestModeController];
