#pragma once
once_h
