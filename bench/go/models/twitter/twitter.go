// Package twitter mirrors models/twitter.hpp (namespace twitter): a typed subset of twitter.json, so a reader
// skips the keys it does not model.
package twitter

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -all -no_std_marshalers twitter.go

// StatusMetadata is twitter::status_metadata.
type StatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// Hashtag is twitter::hashtag.
type Hashtag struct {
	Text    string   `json:"text"`
	Indices [2]int32 `json:"indices"`
}

// URLEntity is twitter::url_entity.
type URLEntity struct {
	URL         string   `json:"url"`
	ExpandedURL string   `json:"expanded_url"`
	DisplayURL  string   `json:"display_url"`
	Indices     [2]int32 `json:"indices"`
}

// UserMention is twitter::user_mention.
type UserMention struct {
	ScreenName string   `json:"screen_name"`
	Name       string   `json:"name"`
	ID         uint64   `json:"id"`
	IDStr      string   `json:"id_str"`
	Indices    [2]int32 `json:"indices"`
}

// StatusEntities is twitter::status_entities.
type StatusEntities struct {
	Hashtags     []Hashtag     `json:"hashtags"`
	URLs         []URLEntity   `json:"urls"`
	UserMentions []UserMention `json:"user_mentions"`
}

// UserProfile is twitter::user_profile.
type UserProfile struct {
	ID                   uint64  `json:"id"`
	IDStr                string  `json:"id_str"`
	Name                 string  `json:"name"`
	ScreenName           string  `json:"screen_name"`
	Location             string  `json:"location"`
	Description          string  `json:"description"`
	URL                  *string `json:"url"`
	FollowersCount       uint32  `json:"followers_count"`
	FriendsCount         uint32  `json:"friends_count"`
	ListedCount          uint32  `json:"listed_count"`
	CreatedAt            string  `json:"created_at"`
	FavouritesCount      uint32  `json:"favourites_count"`
	UtcOffset            *int32  `json:"utc_offset"`
	TimeZone             *string `json:"time_zone"`
	GeoEnabled           bool    `json:"geo_enabled"`
	Verified             bool    `json:"verified"`
	StatusesCount        uint32  `json:"statuses_count"`
	Lang                 string  `json:"lang"`
	ProfileImageURLHTTPS string  `json:"profile_image_url_https"`
	DefaultProfile       bool    `json:"default_profile"`
	Following            bool    `json:"following"`
}

// Status is twitter::status.
type Status struct {
	Metadata             StatusMetadata `json:"metadata"`
	CreatedAt            string         `json:"created_at"`
	ID                   uint64         `json:"id"`
	IDStr                string         `json:"id_str"`
	Text                 string         `json:"text"`
	Source               string         `json:"source"`
	Truncated            bool           `json:"truncated"`
	InReplyToStatusID    *uint64        `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *uint64        `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	User                 UserProfile    `json:"user"`
	RetweetCount         uint32         `json:"retweet_count"`
	FavoriteCount        uint32         `json:"favorite_count"`
	Entities             StatusEntities `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Retweeted            bool           `json:"retweeted"`
	Lang                 string         `json:"lang"`
}

// SearchMetadata is twitter::search_metadata_t.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       uint64  `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int32   `json:"count"`
	SinceID     uint64  `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// SearchResponse is twitter::search_response.
type SearchResponse struct {
	Statuses       []Status       `json:"statuses"`
	SearchMetadata SearchMetadata `json:"search_metadata"`
}
