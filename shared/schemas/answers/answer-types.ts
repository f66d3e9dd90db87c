import type { z } from "zod";
import type * as T from "../../types";
import type * as account from "./account";
import type * as admin from "./admin";
import type * as bio from "./bio";
import type * as common from "./common";
import type * as forum from "./forum";
import type * as mail from "./mail";
import type * as messages from "./messages";
import type * as misc from "./misc";
import type * as moderation from "./moderation";
import type * as push from "./push";
import type * as users from "./users";

/**
 * The answer schemas and the answer types of shared/types say the same: a field added to one and
 * not the other fails the typecheck here. (The types are written by hand because the client and the
 * presenters use them everywhere; the schemas are what the document and the tests check.)
 */
type Same<Schema extends z.ZodType, Type> = [z.output<Schema>] extends [Type] ? ([Type] extends [z.output<Schema>] ? true : false) : false;
type Expect<Check extends true> = Check;

export type AnswerSchemasMatchTypes = [
  Expect<Same<typeof common.apiErrorSchema, T.ApiError>>,
  Expect<Same<typeof common.bannedErrorSchema, T.BannedError>>,
  Expect<Same<typeof common.confirmRequiredErrorSchema, T.ConfirmRequiredError>>,
  Expect<Same<typeof account.confirmationSchema, T.ConfirmationAnswer>>,
  Expect<Same<typeof users.currentUserSchema, T.CurrentUser>>,
  Expect<Same<typeof users.userProfileSchema, T.UserProfile>>,
  Expect<Same<typeof users.usersListSchema, T.UsersListResponse>>,
  Expect<Same<typeof users.banInfoSchema, T.BanInfo>>,
  Expect<Same<typeof users.bioStatusSchema, T.BioStatusResponse>>,
  Expect<Same<typeof users.activityItemSchema, T.ActivityItem>>,
  Expect<Same<typeof users.userBadgeSchema, T.UserBadge>>,
  Expect<Same<typeof users.adminUsersSchema, T.AdminUsersResponse>>,
  Expect<Same<typeof users.deletedMemberSchema, T.DeleteUserResponse>>,
  Expect<Same<typeof users.profileCommentAnswerSchema, T.ProfileComment>>,
  Expect<Same<typeof account.memberSessionsSchema, T.MemberSessionsResponse>>,
  Expect<Same<typeof account.twoFactorStatusSchema, T.TwoFactorStatus>>,
  Expect<Same<typeof account.twoFactorSetupSchema, T.TwoFactorSetup>>,
  Expect<Same<typeof account.recoveryCodesSchema, T.RecoveryCodesResponse>>,
  Expect<Same<typeof account.twoFactorRequiredSchema, T.TwoFactorRequired>>,
  Expect<Same<typeof mail.outboxMailListSchema, T.OutboxMailList>>,
  Expect<Same<typeof mail.outboxMailSchema, T.OutboxMail>>,
  Expect<Same<typeof users.memberInvitesSchema, T.MemberInvitesResponse>>,
  Expect<Same<typeof moderation.moderationLogSchema, T.ModerationLogResponse>>,
  Expect<Same<typeof moderation.reviewPageSchema, T.ReviewPage>>,
  Expect<Same<typeof moderation.reviewCountSchema, T.ReviewCount>>,
  Expect<Same<typeof push.pushKeySchema, T.PushKey>>,
  Expect<Same<typeof push.topicLevelAnswerSchema, T.TopicLevelAnswer>>,
  Expect<Same<typeof push.topicLevelsPageSchema, T.TopicLevelsPage>>,
  Expect<Same<typeof forum.topicSchema, T.Topic>>,
  Expect<Same<typeof forum.topicListItemSchema, T.TopicListItem>>,
  Expect<Same<typeof forum.topicDetailSchema, T.TopicDetail>>,
  Expect<Same<typeof forum.readPositionAnswerSchema, T.ReadPosition>>,
  Expect<Same<typeof forum.postSchema, T.Post>>,
  Expect<Same<typeof forum.postRevisionsSchema, T.PostRevisions>>,
  Expect<Same<typeof forum.postReactionsSchema, T.PostReactionsAnswer>>,
  Expect<Same<typeof forum.postReactorsSchema, T.PostReactors>>,
  Expect<Same<typeof forum.previewAnswerSchema, T.Preview>>,
  Expect<Same<typeof forum.draftAnswerSchema, T.Draft>>,
  Expect<Same<typeof forum.categoriesSchema, T.CategoriesResponse>>,
  Expect<Same<typeof forum.tagsSchema, T.TagsResponse>>,
  Expect<Same<typeof forum.searchAnswerSchema, T.SearchPage<T.PostSearchResult> | T.SearchPage<T.TopicSearchResult> | T.SearchPage<T.MemberSearchResult>>>,
  Expect<Same<typeof messages.notificationsPageSchema, T.NotificationsPage>>,
  Expect<Same<typeof messages.unreadNotificationsSchema, T.UnreadNotifications>>,
  Expect<Same<typeof messages.conversationsPageSchema, T.ConversationsPage>>,
  Expect<Same<typeof messages.conversationSchema, T.Conversation>>,
  Expect<Same<typeof messages.privateMessageSchema, T.Message>>,
  Expect<Same<typeof messages.messagesPageSchema, T.MessagesPage>>,
  Expect<Same<typeof messages.conversationReadPositionSchema, T.ConversationReadPosition>>,
  Expect<Same<typeof messages.blocksListSchema, T.BlocksList>>,
  Expect<Same<typeof bio.bioCardSchema, T.BioCard>>,
  Expect<Same<typeof bio.userLinkSchema, T.UserLink>>,
  Expect<Same<typeof bio.bioSettingsAnswerSchema, T.BioSettingsResponse>>,
  Expect<Same<typeof bio.publicBioCardSchema, T.PublicBioCard>>,
  Expect<Same<typeof bio.bioAnalyticsSchema, T.BioAnalytics>>,
  Expect<Same<typeof admin.adminActionSchema, T.AdminAction>>,
  Expect<Same<typeof admin.memberDeletionSchema, T.MemberDeletion>>,
  Expect<Same<typeof admin.inviteSchema, T.InviteListItem>>,
  Expect<Same<typeof admin.invitesSchema, T.InvitesResponse>>,
  Expect<Same<typeof admin.assignedInviteSchema, T.AssignedInvite>>,
  Expect<Same<typeof admin.inviteWaveSchema, T.InviteWaveResponse>>,
  Expect<Same<typeof admin.purgeSchema, T.PurgeResponse>>,
  Expect<Same<typeof misc.uploadAnswerSchema, T.UploadResponse>>,
];
