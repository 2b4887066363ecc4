#version 300
