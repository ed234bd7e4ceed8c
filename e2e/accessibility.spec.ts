import { auditEveryPage } from './axe-audit.ts';

// Arabic, right to left, is audited by accessibility-rtl.spec.ts.
auditEveryPage('en');
