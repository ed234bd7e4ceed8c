import { auditEveryPage } from './axe-audit.ts';

auditEveryPage('ar');
