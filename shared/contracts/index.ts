import type { RouteId } from '#shared/routes';
import * as analytics from './analytics';
import * as appointmentChanges from './appointment-changes';
import * as appointmentManage from './appointment-manage';
import * as appointments from './appointments';
import * as auditLog from './audit-log';
import * as callDetail from './call-detail';
import * as callRecordings from './call-recordings';
import * as calls from './calls';
import * as coach from './coach';
import type { ResponseSchema, RouteContract } from './contract';
import * as dataSubjectDeletions from './data-subject-deletions';
import * as exportsArea from './exports';
import * as intake from './intake';
import * as googleAdsLeads from './intake-google-ads-leads';
import * as leads from './leads';
import * as meta from './meta';
import * as me from './meta-me';
import * as outbound from './outbound';
import * as pages from './pages';
import { SHARED_COMPONENTS } from './responses';
import * as schedulers from './schedulers';
import * as sessions from './sessions';
import * as sms from './sms-campaigns';
import * as supportTickets from './support-tickets';
import * as teams from './teams';
import * as voice from './voice';
import * as webhooks from './webhooks';
import * as widget from './widget';

/**
 * The contract of every route, by route id: the OpenAPI generator walks it and a unit test checks
 * it against the route table. Handlers import their own contract module, not this registry, so a
 * function bundles only its own schemas.
 */
export const CONTRACTS = {
  listTeamSessions: sessions.listTeamSessions,
  listSessions: sessions.listSessions,
  listBookings: sessions.listBookings,
  getTeamFunnel: analytics.getTeamFunnel,
  getFunnel: analytics.getFunnel,
  getSchedulerAnalytics: analytics.getSchedulerAnalytics,
  listUnifiedLeads: leads.listUnifiedLeads,
  listTeamLeads: leads.listTeamLeads,
  listTeams: teams.listTeams,
  listCalls: calls.listCalls,
  ingestLead: intake.ingestLead,
  receiveVoiceReport: voice.receiveVoiceReport,
  listSupportTickets: supportTickets.listSupportTickets,
  listAuditLog: auditLog.listAuditLog,
  createExport: exportsArea.createExport,
  getExport: exportsArea.getExport,
  createSmsCampaign: sms.createSmsCampaign,
  getSmsCampaign: sms.getSmsCampaign,
  cancelSmsCampaign: sms.cancelSmsCampaign,
  receiveInboundSms: sms.receiveInboundSms,
  listOutboundTexts: outbound.listOutboundTexts,
  listSubscriptionEvents: outbound.listSubscriptionEvents,
  getOpenApi: meta.getOpenApi,
  getCall: callDetail.getCall,
  getCallTranscript: callDetail.getCallTranscript,
  listCallTransfers: callDetail.listCallTransfers,
  listCoachEvaluations: coach.listCoachEvaluations,
  getCoachEvaluation: coach.getCoachEvaluation,
  listCoachRubrics: coach.listCoachRubrics,
  listTeamSchedulers: schedulers.listTeamSchedulers,
  listTeamBookingRequests: schedulers.listTeamBookingRequests,
  getCallRecording: callRecordings.getCallRecording,
  getMe: me.getMe,
  createWebhook: webhooks.createWebhook,
  listWebhooks: webhooks.listWebhooks,
  getWebhook: webhooks.getWebhook,
  deleteWebhook: webhooks.deleteWebhook,
  rotateWebhookSecret: webhooks.rotateWebhookSecret,
  enableWebhook: webhooks.enableWebhook,
  testWebhook: webhooks.testWebhook,
  listWebhookDeliveries: webhooks.listWebhookDeliveries,
  redeliverWebhook: webhooks.redeliverWebhook,
  replayWebhook: webhooks.replayWebhook,
  getWebhookReplay: webhooks.getWebhookReplay,
  createDataSubjectDeletion: dataSubjectDeletions.createDataSubjectDeletion,
  getDataSubjectDeletion: dataSubjectDeletions.getDataSubjectDeletion,
  receiveGoogleAdsLead: googleAdsLeads.receiveGoogleAdsLead,
  getApiDocs: pages.getApiDocs,
  getApiDocsAsset: pages.getApiDocsAsset,
  getConsole: pages.getConsole,
  getConsoleAsset: pages.getConsoleAsset,
  getBookingPage: widget.getBookingPage,
  getWidgetAsset: widget.getWidgetAsset,
  startWidgetSession: widget.startWidgetSession,
  getWidgetAvailability: widget.getWidgetAvailability,
  getWidgetSession: widget.getWidgetSession,
  recordWidgetStep: widget.recordWidgetStep,
  bookWidgetSession: widget.bookWidgetSession,
  resumeWidgetSession: widget.resumeWidgetSession,
  listTeamAppointments: appointments.listTeamAppointments,
  getManagedAppointment: appointmentManage.getManagedAppointment,
  rescheduleManagedAppointment: appointmentManage.rescheduleManagedAppointment,
  cancelManagedAppointment: appointmentManage.cancelManagedAppointment,
  getManagedAppointmentCalendar: appointmentManage.getManagedAppointmentCalendar,
  rescheduleAppointment: appointmentChanges.rescheduleAppointment,
  cancelAppointment: appointmentChanges.cancelAppointment,
  completeAppointment: appointmentChanges.completeAppointment,
  markAppointmentNoShow: appointmentChanges.markAppointmentNoShow,
  getManagePage: widget.getManagePage,
} as const satisfies { readonly [Id in RouteId]: RouteContract<Id> };

/**
 * Schemas the document names (`#/components/schemas/<name>`). A route's response or error schema
 * not named here is named after the route (`<RouteId>Response<status>`, `<RouteId>Error<status>`).
 */
export const SCHEMA_COMPONENTS: Readonly<Record<string, ResponseSchema>> = {
  ...SHARED_COMPONENTS,
  ...sessions.SESSION_COMPONENTS,
  ...analytics.ANALYTICS_COMPONENTS,
  ...leads.LEAD_COMPONENTS,
  ...teams.TEAM_COMPONENTS,
  ...calls.CALL_COMPONENTS,
  ...supportTickets.SUPPORT_TICKET_COMPONENTS,
  ...auditLog.AUDIT_LOG_COMPONENTS,
  ...exportsArea.EXPORT_COMPONENTS,
  ...voice.VOICE_COMPONENTS,
  ...intake.INTAKE_COMPONENTS,
  ...sms.SMS_COMPONENTS,
  ...meta.META_COMPONENTS,
  ...callDetail.CALL_DETAIL_COMPONENTS,
  ...coach.COACH_COMPONENTS,
  ...schedulers.SCHEDULER_COMPONENTS,
  ...outbound.OUTBOUND_COMPONENTS,
  ...callRecordings.CALL_RECORDING_COMPONENTS,
  ...me.ME_COMPONENTS,
  ...webhooks.WEBHOOK_COMPONENTS,
  ...dataSubjectDeletions.DATA_SUBJECT_DELETION_COMPONENTS,
  ...googleAdsLeads.GOOGLE_ADS_LEAD_COMPONENTS,
  ...pages.PAGE_COMPONENTS,
  ...widget.WIDGET_COMPONENTS,
  ...appointments.APPOINTMENT_COMPONENTS,
  ...appointmentChanges.APPOINTMENT_CHANGE_COMPONENTS,
  ...appointmentManage.APPOINTMENT_MANAGE_COMPONENTS,
};
